import "server-only";
import { DONE_STATUSES } from "@/lib/tickets/fields";
import type { RuleTicket } from "@/lib/services/automations/conditions";
import { ticketSla, type ClockStop, type TicketSla } from "@/lib/sla/ticket-clock";
import { policyFor } from "./matching";
import { defaultSla, policySla, slaSetup, type AppliedSla } from "./setup";

/** Whether the organisation's policies look at the support address a ticket came to. */
export async function policiesAskAddress(organizationId: string): Promise<boolean> {
  const { policies } = await slaSetup(organizationId);
  return policies.some((p) => [...p.conditions.all, ...p.conditions.any].some((c) => c.field === "support_address"));
}

/**
 * A new ticket's SLA, worked out before it is written (like its routing), so that the statement
 * that creates it writes its due times: the policy its fields match as the rules leave them, and
 * its clocks from its creation (standing still from the start when it is opened pending or done).
 */
export async function newTicketSla(
  organizationId: string,
  view: RuleTicket,
  now: Date,
): Promise<{ applied: AppliedSla; sla: TicketSla }> {
  const { policies } = await slaSetup(organizationId);
  const policy = policies.length ? policyFor(policies, view) : null;
  const applied = policy ? policySla(policy, view.priority) : defaultSla(view.priority);
  const stops: ClockStop[] =
    view.status === "pending"
      ? [{ reason: "pending", from: now, to: null }]
      : DONE_STATUSES.includes(view.status)
        ? [{ reason: "done", from: now, to: null }]
        : [];
  const sla = ticketSla(
    applied.calendar,
    applied.minutes,
    { createdAt: now, firstRespondedAt: null, stops, messages: [] },
    now,
  );
  return { applied, sla };
}
