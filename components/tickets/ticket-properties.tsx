"use client";

import { useState } from "react";
import { StaleChangeDialog } from "@/components/live/stale-change-dialog";
import { staleWriteOf, type StaleWrite } from "@/components/live/stale-write";
import { Label } from "@/components/ui/label";
import { toastError } from "@/components/ui/toast-error";
import { OptionSelect, options } from "@/components/ui/option-select";
import type { TicketJson } from "@/lib/schemas/tickets";
import { useGroups } from "@/components/settings/groups-queries";
import { useAssignableUsers, useUpdateTicket } from "./queries";
import { TICKET_PRIORITIES, TICKET_STATUSES, PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";

const UNASSIGNED = "unassigned";
const NO_GROUP = "none";

/**
 * Status, priority, assignee and (staff, who see it) group of a ticket; any status may be
 * chosen (no workflow is enforced).
 */
export function TicketProperties({ ticket }: { ticket: TicketJson }) {
  const assignable = useAssignableUsers();
  const seesGroup = ticket.group !== undefined;
  const groups = useGroups({ enabled: seesGroup });
  // The change someone else's change got in the way of, kept to apply on top if the agent wants.
  const [conflict, setConflict] = useState<{ stale: StaleWrite; change: Parameters<typeof update.mutate>[0] } | null>(
    null,
  );
  const update = useUpdateTicket(ticket.id, {
    // No toast on success: the select shows the new value.
    onError: (error, change) => {
      const stale = staleWriteOf(error);
      if (stale) setConflict({ stale, change });
      else toastError("Update failed", error, "Please try again later");
    },
  });

  const assignees = [
    { value: UNASSIGNED, label: "Unassigned" },
    ...(assignable.data ?? []).map((u) => ({ value: u.id, label: u.fullName })),
  ];
  const groupOptions = [
    { value: NO_GROUP, label: "No group" },
    ...(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
  ];
  // The ticket's own group shows by name until the list has loaded.
  if (ticket.group && !groupOptions.some((o) => o.value === ticket.group!.id))
    groupOptions.push({ value: ticket.group.id, label: ticket.group.name });
  return (
    <div className="grid gap-3 @md:grid-cols-2 @3xl:grid-cols-4 [&>div]:min-w-0">
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-status">Status</Label>
        <OptionSelect
          id="ticket-status"
          value={ticket.status}
          options={options(TICKET_STATUSES, STATUS_LABELS)}
          onChange={(status) => update.mutate({ status })}
          disabled={update.isPending}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-priority">Priority</Label>
        <OptionSelect
          id="ticket-priority"
          value={ticket.priority}
          options={options(TICKET_PRIORITIES, PRIORITY_LABELS)}
          onChange={(priority) => update.mutate({ priority })}
          disabled={update.isPending}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-assignee">Assignee</Label>
        <OptionSelect
          id="ticket-assignee"
          value={ticket.assignedTo ?? UNASSIGNED}
          options={assignees}
          onChange={(v) => update.mutate({ assignedTo: v === UNASSIGNED ? null : v })}
          disabled={update.isPending}
        />
      </div>
      {seesGroup && (
        <div className="grid gap-1.5">
          <Label htmlFor="ticket-group">Group</Label>
          <OptionSelect
            id="ticket-group"
            value={ticket.group?.id ?? NO_GROUP}
            options={groupOptions}
            onChange={(v) => update.mutate({ groupId: v === NO_GROUP ? null : v })}
            disabled={update.isPending}
          />
        </div>
      )}
      <StaleChangeDialog
        stale={conflict?.stale ?? null}
        onOpenChange={(open) => open || setConflict(null)}
        onResend={(version) => conflict && update.mutate({ ...conflict.change, version })}
      />
    </div>
  );
}
