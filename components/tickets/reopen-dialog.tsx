"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** A closed ticket is reopened before anyone answers on it, so the reply is not lost in a closed queue. */
export function ReopenDialog({
  open,
  onOpenChange,
  ticketNumber,
  onReopen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ticketNumber: number;
  onReopen: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Reopen ticket #${ticketNumber}?`}
      description="This ticket is closed. Reopen it to send your reply; it moves back to Open."
      confirm="Reopen and send"
      onConfirm={onReopen}
    />
  );
}
