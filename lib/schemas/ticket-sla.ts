import type { CalendarSpec } from "@/lib/sla/calendar";
import type { TargetRecord } from "@/lib/sla/ticket-clock";

/**
 * A ticket's SLA as the team reads it in the ticket pane (`GET /api/tickets/{id}/sla`): the
 * policy that applies and why, the calendar its targets are counted in, and each target as it
 * went (one row per cycle of next response).
 */
export type TicketSla = {
  /** Null: no policy matches, the default targets apply around the clock. */
  policy: { id: string; name: string } | null;
  /** "Billing: the group is Billing"; null for the default targets. */
  reason: string | null;
  /** The policy's calendar; the default targets count in "24/7" (UTC). */
  calendar: CalendarSpec & { name: string };
  /** The ticket waits on the customer: its clocks stand still. */
  paused: boolean;
  /** First response, each next response cycle in order, resolution. */
  targets: TargetRecord[];
};
