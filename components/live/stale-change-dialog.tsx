"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
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
    <AlertDialog open={stale !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>This ticket was updated</AlertDialogTitle>
          <AlertDialogDescription>
            Someone else changed it while you had it open. {stale ? describeStale(stale) : ""} Review it, then apply
            your change or keep theirs.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep their change</AlertDialogCancel>
          <AlertDialogAction onClick={() => stale && onResend(stale.current.version)}>
            Apply my change
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
