import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { conflict, notFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/schemas/session-user";
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryPage,
} from "@/lib/schemas/webhooks";
import { db } from "@/lib/server/db";
import { afterCursor, pageOf } from "@/lib/services/keyset";
import { newMessageId } from "@/lib/webhooks/sign";
import { assertPlanAllowsWebhooks, assertWebhooksAllowed, findEndpoint } from "./endpoints";
import { enqueueDelivery, eventBody } from "./enqueue";
import { lockOrganization } from "@/lib/services/users/seats";

export const DELIVERY_NOT_FOUND = "Delivery not found";
export const ENDPOINT_OFF = "This endpoint is turned off. Turn it on to send to it.";

const SELECT = {
  id: true,
  eventId: true,
  type: true,
  status: true,
  attempts: true,
  responseStatus: true,
  responseBody: true,
  durationMs: true,
  error: true,
  createdAt: true,
  deliveredAt: true,
} as const satisfies Prisma.WebhookDeliverySelect;

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listWebhookDeliveries(
  user: SessionUser,
  endpointId: string,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveryPage> {
  await assertPlanAllowsWebhooks(user.organizationId);
  await findEndpoint(db, user.organizationId, endpointId);
  const rows = await db.webhookDelivery.findMany({
    where: { AND: [{ endpointId }, afterCursor(query.cursor)] },
    select: SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { deliveries: page, nextCursor };
}

/**
 * A new delivery to an active endpoint of the organisation, queued with its job. Under the
 * organisation's lock, like every endpoint change, so the plan checked is the plan in force.
 */
async function sendToEndpoint(
  user: SessionUser,
  endpointId: string,
  make: (tx: Prisma.TransactionClient) => Promise<Prisma.WebhookDeliveryUncheckedCreateInput>,
): Promise<WebhookDelivery> {
  return db.$transaction(async (tx) => {
    const { plan } = await lockOrganization(tx, user.organizationId);
    assertWebhooksAllowed(plan);
    const endpoint = await findEndpoint(tx, user.organizationId, endpointId);
    if (!endpoint.active) throw conflict(ENDPOINT_OFF);
    const created = await tx.webhookDelivery.create({
      data: await make(tx),
      select: { ...SELECT, endpointId: true, ticketId: true },
    });
    await enqueueDelivery(tx, created);
    const { endpointId: _endpoint, ticketId: _ticket, ...delivery } = created;
    return delivery;
  });
}

/**
 * Sends a delivery's event again, as a new delivery with the same message id and body (a
 * receiver that already has it can tell), in the ticket's order like any other.
 */
export function resendWebhookDelivery(user: SessionUser, endpointId: string, deliveryId: string) {
  return sendToEndpoint(user, endpointId, async (tx) => {
    const original = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, endpointId },
      select: { eventId: true, type: true, payload: true, ticketId: true },
    });
    if (!original) throw notFound(DELIVERY_NOT_FOUND);
    return { endpointId, ...original, payload: original.payload as Prisma.InputJsonValue };
  });
}

/** A "webhook.test" event, whatever the endpoint subscribes to, for checking a receiver. */
export function sendWebhookTestEvent(user: SessionUser, endpointId: string) {
  return sendToEndpoint(user, endpointId, async () => ({
    endpointId,
    eventId: newMessageId(),
    type: WEBHOOK_TEST_EVENT,
    payload: eventBody(WEBHOOK_TEST_EVENT, {
      endpointId,
      message: "A test event sent from Ticketry's webhook settings",
    }),
  }));
}
