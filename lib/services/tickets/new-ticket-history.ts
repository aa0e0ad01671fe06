import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { uuidv7 } from "@/lib/server/ids";
import { auditActor, type TicketActor } from "@/lib/services/actor";
import { ruleActor } from "@/lib/services/audit";
import type { RoutedTicket } from "@/lib/services/automations/new-ticket";
import { PRODUCT_NAME } from "@/lib/site/product";

/**
 * The history a new ticket is written with: created (and assigned) by whoever raised it, then
 * each change its rules made, naming the rule, and the stop of a chain of rules. All share the
 * ticket's moment; the history orders such ties by id, so the ids are taken in this order.
 */
export function newTicketHistory(
  actor: TicketActor,
  assignee: string | null,
  routing: RoutedTicket | null,
  at: Date,
  /** The SLA policy whose targets it starts under (none: the default targets). */
  slaPolicy: { id: string; name: string } | null = null,
): Prisma.Sql {
  const raiser = auditActor(actor);
  const events = [
    {
      ...raiser,
      action: "ticket.created",
      metadata: (slaPolicy ? { slaPolicy: slaPolicy.name } : null) as Prisma.InputJsonObject | null,
    },
    ...(assignee
      ? [{ ...raiser, action: "ticket.assigned", metadata: { field: "assignee", from: null, to: assignee } }]
      : []),
    ...(routing?.changes ?? []).map((c) => ({
      actorId: null,
      ...ruleActor(c.rule),
      action: c.action,
      metadata: { ...c.metadata, rule: c.rule },
    })),
    ...(routing?.chainStopped
      ? [
          {
            actorId: null,
            actorType: "system",
            actorLabel: PRODUCT_NAME,
            action: "automation.chain_stopped",
            metadata: routing.chainStopped,
          },
        ]
      : []),
  ];
  const ids = events.map(() => uuidv7(at.getTime())).sort();
  const column = <T>(pick: (e: (typeof events)[number]) => T) => events.map(pick);
  return Prisma.sql`unnest(
    ${ids}::text[], ${column((e) => e.actorId)}::text[], ${column((e) => e.actorType)}::text[],
    ${column((e) => e.actorLabel)}::text[], ${column((e) => e.action)}::text[],
    ${column((e) => (e.metadata ? JSON.stringify(e.metadata) : null))}::jsonb[]
  ) AS e("id", "actorId", "actorType", "actorLabel", "action", "metadata")`;
}
