import "server-only";
import { refreshTicketSla } from "@/lib/services/sla/ticket-sla";
import type { Prisma } from "@/generated/prisma/client";
import type { Entrance } from "@/lib/schemas/automations";
import type { TicketActor } from "@/lib/services/actor";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "@/lib/services/audit";
import { lockTicket } from "@/lib/services/tickets/lock";
import { tagNames } from "@/lib/services/tickets/tags";
import { activeRules, type ActiveRule } from "./active-rules";
import { applyAction, type RuleRun } from "./apply";
import { asksCustomFields, conditionsHold, type RuleTicket } from "./conditions";
import { fieldsOf } from "@/lib/services/fields/definitions";
import { storedValues } from "@/lib/services/fields/values";
import { originOf, supportAddressOf, type TicketOrigin } from "./origin";

/**
 * Passes over the rules one change may take: a rule's actions can make a later rule match (or,
 * on the next pass, an earlier one), but a chain longer than this is taken for rules that feed
 * each other, and stopped.
 */
export const RULE_PASSES = 5;

/**
 * How a ticket came in, as rules name it: raised by the team, through the API, by a customer on
 * the portal, or by mail.
 */
export function entranceOf(actor: TicketActor): Entrance {
  if (actor.kind === "staff") return actor.user.apiToken ? "api" : "agent";
  return actor.kind === "email" ? "email" : "portal";
}

/**
 * What set the rules off, and how the ticket came in when the caller knows (a ticket being
 * created); otherwise it is read from the ticket.
 */
export type RuleEvent = {
  organizationId: string;
  ticketId: string;
  now: Date;
  /** How the ticket came in, and the support address a mailed one came to. */
  origin?: TicketOrigin;
  /** Given by a caller that records which rules fired (the time rules' sweep): their ids are added. */
  fired?: Set<string>;
};

/**
 * The organisation's rules for a change to an existing ticket (a customer's reply, an agent's
 * update), run in that change's transaction; whether any rule changed the ticket. Nothing is
 * read beyond the rules when the organisation has none.
 */
export async function runEventRules(
  tx: Prisma.TransactionClient,
  when: "customer_replied" | "ticket_updated",
  event: RuleEvent,
): Promise<boolean> {
  return runRules(tx, await activeRules(event.organizationId, when, tx), event);
}

/**
 * Runs the rules on the ticket inside the transaction of the change that set them off, so the
 * ticket is never seen half-routed, in passes (rulePasses); when a chain is stopped, the
 * activity log names the rules.
 */
export async function runRules(tx: Prisma.TransactionClient, rules: ActiveRule[], event: RuleEvent): Promise<boolean> {
  if (rules.length === 0) return false;
  const row = await lockTicket(tx, { id: event.ticketId, organizationId: event.organizationId });
  if (!row) return false;
  const origin = event.origin ?? (await originOf(tx, row));
  const organization = await tx.organization.findUniqueOrThrow({
    where: { id: event.organizationId },
    select: { name: true },
  });
  const run: RuleRun = {
    tx,
    now: event.now,
    organizationName: organization.name,
    row,
    view: {
      subject: row.subject,
      firstMessage: row.description,
      customerEmail: row.customerEmail,
      entrance: origin.entrance,
      supportAddress: await supportAddressOf(tx, event.organizationId, origin.supportEmailId),
      priority: row.priority,
      status: row.status,
      groupId: row.groupId,
      assigneeId: row.assignedToId,
      tags: await tagNames(tx, row.organizationId, row.tagIds),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      statusChangedAt: row.statusChangedAt,
      assigneeChangedAt: row.assigneeChangedAt,
      teamRepliedAt: row.teamRepliedAt,
      customFields: storedValues(row.customFields),
      fieldKeys: asksCustomFields(rules.map((r) => r.conditions))
        ? (await fieldsOf(tx, event.organizationId)).map((f) => f.key)
        : [],
    },
  };
  const { fired, stopped } = await rulePasses(rules, run.view, event.now, async (rule) => {
    for (const action of rule.actions) await applyAction(run, rule, action);
  });
  if (stopped.length > 0) await recordChainStopped(tx, event, fired, stopped);
  for (const rule of fired) event.fired?.add(rule.id);
  // What the rules changed (status, priority, group, tags) may stop or resume the clocks or bring another SLA policy.
  if (fired.length > 0) await refreshTicketSla(tx, row, event.now);
  return fired.length > 0;
}

/** The activity-log entry naming the rules a chain stopped before (see rulePasses). */
export function chainStoppedMetadata(fired: ActiveRule[], stopped: ActiveRule[]) {
  return { passes: RULE_PASSES, fired: fired.map((r) => r.name), stopped: stopped.map((r) => r.name) };
}

function recordChainStopped(
  tx: Prisma.TransactionClient,
  event: RuleEvent,
  fired: ActiveRule[],
  stopped: ActiveRule[],
) {
  return recordEvent(tx, {
    organizationId: event.organizationId,
    actorType: "system",
    actorLabel: PRODUCT_NAME,
    action: "automation.chain_stopped",
    targetType: "ticket",
    targetId: event.ticketId,
    ticketId: event.ticketId,
    metadata: chainStoppedMetadata(fired, stopped),
  });
}

/**
 * The passes over the rules for one change, `fire` carrying out a rule's actions (which keep
 * `view` up to date). In each pass the rules are taken in their order, each seeing the ticket as
 * the rules before it left it; a rule fires at most once per change. When a pass fires nothing,
 * all is done; after the last pass, the rules that would still fire are `stopped`, not run.
 */
export async function rulePasses(
  rules: ActiveRule[],
  view: RuleTicket,
  now: Date,
  fire: (rule: ActiveRule) => Promise<void>,
): Promise<{ fired: ActiveRule[]; stopped: ActiveRule[] }> {
  const fired = new Set<string>();
  const due = (rule: ActiveRule) => !fired.has(rule.id) && conditionsHold(rule.conditions, view, now);
  const firedRules = () => rules.filter((r) => fired.has(r.id));
  for (let pass = 0; pass < RULE_PASSES; pass++) {
    let firedThisPass = false;
    for (const rule of rules) {
      if (!due(rule)) continue;
      fired.add(rule.id);
      firedThisPass = true;
      await fire(rule);
    }
    if (!firedThisPass) return { fired: firedRules(), stopped: [] };
  }
  return { fired: firedRules(), stopped: rules.filter(due) };
}
