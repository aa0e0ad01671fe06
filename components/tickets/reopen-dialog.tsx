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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reopen ticket #{ticketNumber}?</AlertDialogTitle>
          <AlertDialogDescription>
            This ticket is closed. Reopen it to send your reply; it moves back to Open.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onReopen}>Reopen and send</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
