"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { describeStale, staleWriteOf } from "@/components/live/stale-write";
import { ticketKeys, useUpdateTicket } from "@/components/tickets/queries";
import { toastError } from "@/components/ui/toast-error";
import { dismiss, isToastOpen, toast } from "@/components/ui/use-toast";
import type { TicketJson } from "@/lib/schemas/tickets";

/** A change of one field of a ticket, as the ticket's own selects make it. */
export type TicketChange = { status: string } | { priority: string } | { assignedTo: string | null };
/** Makes `change` to the open ticket; `done` says what happened to it ("resolved"), with Undo. */
export type ChangeTicket = (change: TicketChange, done: string) => void;

/** How long Undo is offered: long enough to notice a key pressed by mistake. */
export const UNDO_DURATION_MS = 8000;

/** What the field `change` sets was before it. */
function previousOf(ticket: TicketJson, change: TicketChange): TicketChange {
  if ("status" in change) return { status: ticket.status };
  if ("priority" in change) return { priority: ticket.priority };
  return { assignedTo: ticket.assignedTo };
}

/**
 * Changes the open ticket from a single key or the command palette, then offers Undo for a few
 * seconds. Undo puts the previous value back through the same update, carrying the version the
 * change produced: if a colleague changed the ticket since, the server refuses it and their
 * change stands (the ticket is shown as it now is, and the notice says what they changed).
 */
export function useUndoableChange(ticketId: string | null): { change: ChangeTicket; undoLast: () => boolean } {
  const queryClient = useQueryClient();
  // The ticket Undo writes to: the one changed last, even after another ticket has been opened.
  const [undoTarget, setUndoTarget] = useState<string | null>(null);
  const pending = useRef<{ toastId: string; run: () => void } | null>(null);
  const update = useUpdateTicket(ticketId ?? "", {
    onError: (error) => toastError("Update failed", error, "Please try again later"),
  });
  const undo = useUpdateTicket(undoTarget ?? "", {
    onError: (error) => {
      const stale = staleWriteOf(error);
      if (stale)
        toast({
          title: "Not undone: the ticket changed since",
          description: describeStale(stale),
          variant: "destructive",
        });
      else toastError("Undo failed", error, "Please try again later");
    },
  });

  const change: ChangeTicket = (next, done) => {
    if (!ticketId) return;
    const before = queryClient.getQueryData<TicketJson>(ticketKeys.detail(ticketId));
    if (!before) return;
    const previous = previousOf(before, next);
    // Already so (`e` on a resolved ticket): nothing to change, nothing to undo.
    if (Object.values(previous)[0] === Object.values(next)[0]) return;
    update.mutate(next, {
      onSuccess: (ticket) => {
        setUndoTarget(ticket.id);
        const run = () => {
          pending.current = null;
          undo.mutate({ ...previous, version: ticket.version });
        };
        // One line: it fits in the top bar, over nothing else.
        const notice = toast({
          title: `Ticket #${ticket.ticketNumber} ${done}`,
          duration: UNDO_DURATION_MS,
          action: { label: "Undo", altText: "Undo the change with the z key", onClick: run },
        });
        pending.current = { toastId: notice.id, run };
      },
    });
  };

  /** The `z` key: undoes the last change while its notice is still on screen; false when there is none. */
  const undoLast = () => {
    const last = pending.current;
    if (!last || !isToastOpen(last.toastId)) return false;
    dismiss(last.toastId);
    last.run();
    return true;
  };
  return { change, undoLast };
}
