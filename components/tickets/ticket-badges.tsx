"use client";

import { formatDistanceStrict } from "date-fns";
import { Badge } from "@/components/ui/badge";
import type { TicketJson } from "./queries";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";
import { slaBadge } from "@/lib/tickets/sla";

const STATUS_VARIANT = {
  open: "default",
  pending: "warning",
  in_progress: "secondary",
  resolved: "success",
  closed: "outline",
} as const;
const PRIORITY_VARIANT = { urgent: "destructive", high: "warning", medium: "secondary", low: "outline" } as const;

/** Unknown values display neutrally. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status as keyof typeof STATUS_VARIANT] ?? "outline"}>
      {STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge variant={PRIORITY_VARIANT[priority as keyof typeof PRIORITY_VARIANT] ?? "outline"}>
      {PRIORITY_LABELS[priority as keyof typeof PRIORITY_LABELS] ?? priority}
    </Badge>
  );
}

/** Met shows nothing, at risk shows the time left, breached says 'Breached'. */
export function SlaBadge({ ticket, now }: { ticket: TicketJson; now: Date }) {
  const badge = slaBadge(
    {
      status: ticket.status,
      priority: ticket.priority,
      firstResponseDueAt: new Date(ticket.firstResponseDueAt),
      resolutionDueAt: new Date(ticket.resolutionDueAt),
      firstRespondedAt: ticket.firstRespondedAt ? new Date(ticket.firstRespondedAt) : null,
    },
    now,
  );
  if (badge.state === "breached") return <Badge variant="destructive">Breached</Badge>;
  if (badge.state === "at_risk")
    return <Badge variant="warning">{formatDistanceStrict(0, badge.remainingMs)} left</Badge>;
  return null;
}
