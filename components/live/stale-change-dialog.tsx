"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describeStale, type StaleWrite } from "./stale-write";

/**
 * Someone changed the same field while this agent was deciding: nothing is overwritten
 * silently. The ticket on screen already shows their change; the agent keeps it or applies
 * their own on top of it.
 */
export function StaleChangeDialog({
  stale,
  onOpenChange,
  onResend,
}: {
  stale: StaleWrite | null;
  onOpenChange: (open: boolean) => void;
  onResend: (version: number) => void;
}) {
  return (
    <ConfirmDialog
      open={stale !== null}
      onOpenChange={onOpenChange}
      title="This ticket was updated"
      description={`Someone else changed it while you had it open. ${stale ? describeStale(stale) : ""} Review it, then apply your change or keep theirs.`}
      cancel="Keep their change"
      confirm="Apply my change"
      onConfirm={() => stale && onResend(stale.current.version)}
    />
  );
}
