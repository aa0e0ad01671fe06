import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { enqueue } from "@/lib/jobs";
import type { WebhookEventType } from "@/lib/schemas/webhooks";
import { newMessageId } from "@/lib/webhooks/sign";
import { subscribedEndpoints } from "./subscribers";

export const WEBHOOK_JOB = "webhook.deliver";
export type WebhookJob = { deliveryId: string };

/**
 * Attempts per delivery. The queue waits e^n seconds after the n-th failure (capped at e^10,
 * about 6 h), so 12 attempts keep trying for about 22 hours.
 */
export const WEBHOOK_MAX_ATTEMPTS = 12;

/**
 * One job queue per endpoint and ticket: the queue runs its jobs one at a time, so a ticket's
 * events reach an endpoint in the order they happened (deliver.ts also holds back a delivery
 * while an earlier one of the ticket is still being retried). Events of no ticket share the
 * endpoint's own queue.
 */
const queueOf = (endpointId: string, ticketId: string | null) => `webhook:${endpointId}:${ticketId ?? "-"}`;

/** Queues a delivery that exists (a new event, a resend, a test event) in the caller's transaction. */
export async function enqueueDelivery(
  tx: Prisma.TransactionClient,
  delivery: { id: string; endpointId: string; ticketId: string | null },
) {
  await enqueue(tx, WEBHOOK_JOB, { deliveryId: delivery.id } satisfies WebhookJob, {
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    queue: queueOf(delivery.endpointId, delivery.ticketId),
  });
}

/** The body every delivery carries. */
export function eventBody(type: WebhookEventType, data: unknown, at = new Date()) {
  // Through JSON, as the receiver reads it: dates become ISO 8601 text.
  return JSON.parse(JSON.stringify({ type, timestamp: at.toISOString(), data })) as Prisma.InputJsonObject;
}

let lastDeliveryMs = 0;

/**
 * When a new delivery is written: each later than the last this process wrote, so the events of one
 * change (a reply, then the ticket it changed) keep their order where deliver.ts compares
 * (createdAt, id) and the transaction's own clock would give them all one time.
 */
function deliveryTime() {
  lastDeliveryMs = Math.max(Date.now(), lastDeliveryMs + 1);
  return new Date(lastDeliveryMs);
}

/**
 * Sends `type` with `data` (the resource as the API returns it) to each of the organisation's
 * active endpoints subscribed to it: a delivery and its job per endpoint, written in the caller's
 * transaction, so nothing is sent for a change that is rolled back. Nothing is read or written
 * for an organisation with no such endpoint (subscribers.ts keeps them in memory).
 */
export async function enqueueWebhookEvent(
  tx: Prisma.TransactionClient,
  event: { organizationId: string; type: WebhookEventType; data: unknown; ticketId?: string | null },
): Promise<QueuedEvent | null> {
  const endpointIds = await subscribedEndpoints(event.organizationId, event.type, tx);
  if (endpointIds.length === 0) return null;
  const eventId = newMessageId();
  const payload = eventBody(event.type, event.data);
  const ticketId = event.ticketId ?? null;
  const createdAt = deliveryTime();
  const deliveries = await tx.webhookDelivery.createManyAndReturn({
    data: endpointIds.map((endpointId) => ({ endpointId, eventId, type: event.type, payload, ticketId, createdAt })),
    select: { id: true, endpointId: true, ticketId: true },
  });
  for (const delivery of deliveries) await enqueueDelivery(tx, delivery);
  return { eventId, type: event.type };
}

/** An event queued in the caller's transaction, not yet committed. */
export type QueuedEvent = { eventId: string; type: WebhookEventType };

/**
 * Gives an event queued earlier in the same transaction its final `data`: it keeps its place in
 * the ticket's line (a new ticket is queued before its rules add a note, and carries the ticket
 * as they left it).
 */
export async function restateWebhookEvent(tx: Prisma.TransactionClient, event: QueuedEvent, data: unknown) {
  await tx.webhookDelivery.updateMany({
    where: { eventId: event.eventId },
    data: { payload: eventBody(event.type, data) },
  });
}
