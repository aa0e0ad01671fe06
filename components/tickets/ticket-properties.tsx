"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/queues";
import { PRIORITY_LABELS, STATUS_LABELS, type TicketJson } from "./types";
import { useInvalidateTickets } from "./use-invalidate-tickets";

const UNASSIGNED = "unassigned";

/** Status, priority and assignee of a ticket; any status may be chosen (spec §4). */
export function TicketProperties({ ticket }: { ticket: TicketJson }) {
  const invalidate = useInvalidateTickets();
  const assignable = useQuery<{ id: string; fullName: string }[]>({ queryKey: ["/api/users/assignable"] });
  const update = useMutation({
    mutationFn: (change: Record<string, string | null>) => apiRequest("PUT", `/api/tickets/${ticket.id}`, change),
    onSuccess: () => {
      toast({ title: "Ticket updated" });
      return invalidate();
    },
    onError: (error) => toast({ title: "Update failed", description: errorMessage(error, "Please try again later"), variant: "destructive" }),
  });

  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-status">Status</Label>
        <Select value={ticket.status} onValueChange={(status) => update.mutate({ status })} disabled={update.isPending}>
          <SelectTrigger id="ticket-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TICKET_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-priority">Priority</Label>
        <Select value={ticket.priority} onValueChange={(priority) => update.mutate({ priority })} disabled={update.isPending}>
          <SelectTrigger id="ticket-priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TICKET_PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-assignee">Assignee</Label>
        <Select value={ticket.assignedTo ?? UNASSIGNED} onValueChange={(v) => update.mutate({ assignedTo: v === UNASSIGNED ? null : v })} disabled={update.isPending}>
          <SelectTrigger id="ticket-assignee">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
            {assignable.data?.map((u) => (
              <SelectItem key={u.id} value={u.id}>
                {u.fullName}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
