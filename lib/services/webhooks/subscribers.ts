import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { HeardCache } from "@/lib/live/heard-cache";
import { PLANS } from "@/lib/plans/limits";
import type { WebhookEventType } from "@/lib/schemas/webhooks";
import { queryRows } from "@/lib/server/db";

/** An active endpoint, as much as deciding who receives an event needs. */
type Subscriber = { id: string; events: string[] };

const globalForWebhooks = globalThis as unknown as { ticketryWebhookSubscribers?: HeardCache<Subscriber[]> };

/**
 * This process's organisations' active endpoints, kept true by the endpoint and plan changes the
 * LISTEN connection hears (a trigger announces them on the rules' channel, lib/live/listener.ts)
 * and by this process's own endpoint writes: a ticket change reads no endpoint between their
 * changes, and an organisation without webhooks pays one lookup in this map.
 */
export const organizationWebhooks = (globalForWebhooks.ticketryWebhookSubscribers ??= new HeardCache<Subscriber[]>(
  Number(process.env.WEBHOOKS_CACHE_SIZE ?? 10_000),
));

type Row = Subscriber & { plan: Plan };

/** The organisation's active endpoints, none when its plan has no webhooks (a team that moved down keeps them, unsent). */
async function readSubscribers(organizationId: string, tx?: Prisma.TransactionClient): Promise<Subscriber[]> {
  const statement = Prisma.sql`
    SELECT e."id", e."events", o."plan"::text AS "plan"
    FROM "WebhookEndpoint" e JOIN "Organization" o ON o."id" = e."organizationId"
    WHERE e."organizationId" = ${organizationId} AND e."active"`;
  const rows = tx ? await tx.$queryRaw<Row[]>(statement) : await queryRows<Row>(statement);
  return rows.filter((row) => PLANS[row.plan].api).map(({ id, events }) => ({ id, events }));
}

/** The ids of the organisation's active endpoints subscribed to `type`: from this process's cache, else read and kept. */
export async function subscribedEndpoints(
  organizationId: string,
  type: WebhookEventType,
  tx?: Prisma.TransactionClient,
): Promise<string[]> {
  let subscribers = organizationWebhooks.get(organizationId);
  if (!subscribers) {
    const ticket = organizationWebhooks.begin();
    subscribers = await readSubscribers(organizationId, tx);
    organizationWebhooks.keep(ticket, organizationId, subscribers);
  }
  return subscribers.filter((s) => s.events.includes(type)).map((s) => s.id);
}

/** Whether any active endpoint of the organisation is subscribed to one of `types` (from the cache, as subscribedEndpoints). */
export async function anySubscribed(
  organizationId: string,
  types: readonly WebhookEventType[],
  tx?: Prisma.TransactionClient,
): Promise<boolean> {
  for (const type of types) if ((await subscribedEndpoints(organizationId, type, tx)).length > 0) return true;
  return false;
}

/** This process changed the organisation's endpoints: its own next event reads them again. */
export function forgetOrganizationWebhooks(organizationId: string) {
  organizationWebhooks.forget(organizationId);
}
