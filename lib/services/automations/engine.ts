import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Entrance } from "@/lib/schemas/automations";
import type { TicketActor } from "@/lib/services/actor";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "@/lib/services/audit";
import { lockTicket } from "@/lib/services/tickets/lock";
import { tagNames } from "@/lib/services/tickets/tags";
import { activeRules, type ActiveRule } from "./active-rules";
import { applyAction, type RuleRun } from "./apply";
import { conditionsHold } from "./conditions";

/**
 * Passes over the rules one change may take: a rule's actions can make a later rule match (or,
 * on the next pass, an earlier one), but a chain longer than this is taken for rules that feed
 * each other, and stopped.
 */
export const RULE_PASSES = 5;

/** How a ticket came in, as rules name it: raised by the team, by a customer on the portal, or by mail. */
export function entranceOf(actor: TicketActor): Entrance {
  if (actor.kind === "staff") return "agent";
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
};

type TicketOrigin = { entrance: Entrance; supportEmailId: string | null };

/**
 * How a stored ticket came in: the team's ticket by an agent, a customer's ticket opened by a
 * mail by email (to that mail's support address), any other customer's by the portal.
 */
async function originOf(
  tx: Prisma.TransactionClient,
  ticket: { id: string; organizationId: string; raisedByCustomer: boolean },
): Promise<TicketOrigin> {
  if (!ticket.raisedByCustomer) return { entrance: "agent", supportEmailId: null };
  const [opening] = await tx.$queryRaw<{ supportEmailId: string | null }[]>`
    SELECT "supportEmailId" FROM "InboundMessage"
    WHERE "organizationId" = ${ticket.organizationId} AND "ticketId" = ${ticket.id} AND "replyId" IS NULL
    ORDER BY "createdAt" LIMIT 1`;
  return opening
    ? { entrance: "email", supportEmailId: opening.supportEmailId }
    : { entrance: "portal", supportEmailId: null };
}

async function supportAddressOf(tx: Prisma.TransactionClient, organizationId: string, id: string | null) {
  if (!id) return null;
  const found = await tx.supportEmail.findFirst({ where: { id, organizationId }, select: { email: true } });
  return found?.email ?? null;
}

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
 * ticket is never seen half-routed. In each pass the rules are taken in their order, each seeing
 * the ticket as the rules before it left it; a rule fires at most once per change. When a pass
 * fires nothing, all is done; after the last pass, rules that would still fire are not run, and
 * the activity log names them.
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
    },
  };
  const fired = new Set<string>();
  const due = () => rules.filter((r) => !fired.has(r.id) && conditionsHold(r.conditions, run.view, event.now));
  for (let pass = 0; pass < RULE_PASSES; pass++) {
    let firedThisPass = false;
    for (const rule of rules) {
      if (fired.has(rule.id) || !conditionsHold(rule.conditions, run.view, event.now)) continue;
      fired.add(rule.id);
      firedThisPass = true;
      for (const action of rule.actions) await applyAction(run, rule, action);
    }
    if (!firedThisPass) return fired.size > 0;
  }
  const stopped = due();
  if (stopped.length === 0) return true;
  await recordEvent(tx, {
    organizationId: event.organizationId,
    actorType: "system",
    actorLabel: PRODUCT_NAME,
    action: "automation.chain_stopped",
    targetType: "ticket",
    targetId: event.ticketId,
    ticketId: event.ticketId,
    metadata: {
      passes: RULE_PASSES,
      fired: rules.filter((r) => fired.has(r.id)).map((r) => r.name),
      stopped: stopped.map((r) => r.name),
    },
  });
  return true;
}
