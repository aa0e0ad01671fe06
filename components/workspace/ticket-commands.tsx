"use client";

import { CheckCircle2, CircleDot, Flag, Tag, UserCheck } from "lucide-react";
import { useMemo } from "react";
import { useTicket } from "@/components/tickets/queries";
import { revealTicketField } from "@/components/tickets/reveal-ticket-field";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";
import { PRIORITY_LABELS, STATUS_LABELS, TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/tickets/fields";
import type { Command } from "./palette-command";
import type { ChangeTicket } from "./use-undoable-change";

/** Puts the cursor in the open ticket's tag field, where typing finds or creates the tag. */
function focusTagField() {
  revealTicketField(
    () => document.querySelector<HTMLInputElement>("[data-ticket-pane] input[aria-label='Add tag']"),
    (field) => field.focus(),
  );
}

/**
 * What the palette can do to the open ticket, for those allowed to: the changes its status,
 * priority and assignee selects make (through the same update, with Undo), and adding a tag.
 * A value the ticket already has is not offered.
 */
export function useTicketCommands(ticketId: string | null, changeTicket: ChangeTicket): Command[] {
  const me = useCurrentUser();
  const { data: ticket } = useTicket(ticketId ?? "", { enabled: !!ticketId });
  return useMemo(() => {
    if (!ticketId || !ticket || ticket.id !== ticketId) return [];
    const group = `Ticket #${ticket.ticketNumber}`;
    const commands: Command[] = [];
    if (can(me, "tickets.update")) {
      if (ticket.status !== "resolved")
        commands.push({
          id: "resolve",
          group,
          label: "Resolve",
          keywords: "done solved close status",
          shortcut: "e",
          icon: <CheckCircle2 aria-hidden />,
          run: () => changeTicket({ status: "resolved" }, "resolved"),
        });
      for (const status of TICKET_STATUSES.filter((s) => s !== ticket.status))
        commands.push({
          id: `status-${status}`,
          group,
          label: `Set status: ${STATUS_LABELS[status]}`,
          icon: <CircleDot aria-hidden />,
          run: () => changeTicket({ status }, `set to ${STATUS_LABELS[status]}`),
        });
      for (const priority of TICKET_PRIORITIES.filter((p) => p !== ticket.priority))
        commands.push({
          id: `priority-${priority}`,
          group,
          label: `Set priority: ${PRIORITY_LABELS[priority]}`,
          icon: <Flag aria-hidden />,
          run: () => changeTicket({ priority }, `set to ${PRIORITY_LABELS[priority]} priority`),
        });
    }
    if (me && can(me, "tickets.assign") && ticket.assignedTo !== me.id)
      commands.push({
        id: "assign-me",
        group,
        label: "Assign to me",
        keywords: "take mine assignee",
        shortcut: "a",
        icon: <UserCheck aria-hidden />,
        run: () => changeTicket({ assignedTo: me.id }, "assigned to you"),
      });
    if (can(me, "tickets.tags"))
      commands.push({
        id: "add-tag",
        group,
        label: "Add tag...",
        keywords: "label",
        icon: <Tag aria-hidden />,
        run: focusTagField,
      });
    return commands;
  }, [ticketId, ticket, me, changeTicket]);
}
