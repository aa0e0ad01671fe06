import "server-only";
import type { JobRun } from "@/lib/jobs";
import { PERMISSIONS } from "@/lib/permissions/table";
import { PLANS } from "@/lib/plans/limits";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { unseal } from "@/lib/server/secret-box";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "@/lib/services/audit";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { webhookDisabledMail } from "@/lib/mail/templates";
import { safePost, type PostOutcome } from "@/lib/webhooks/safe-post";
import { webhookHeaders } from "@/lib/webhooks/sign";
import { sealContext } from "./endpoints";
import type { WebhookJob } from "./enqueue";

/** An endpoint failing for this long without one success is turned off, and the admins are told. */
export const FAILING_DAYS_BEFORE_DISABLE = 3;

export const ENDPOINT_OFF_NOT_SENT = "Not sent: the endpoint is turned off";
export const PLAN_ENDED_NOT_SENT = "Not sent: the organisation's plan no longer includes webhooks";
export const EARLIER_PENDING = "Waiting for an earlier event of this ticket to be delivered";

/** A failed attempt the queue retries (the outcome is already in the delivery log). */
class DeliveryFailed extends Error {}

const DELIVERY = {
  id: true,
  status: true,
  attempts: true,
  payload: true,
  eventId: true,
  ticketId: true,
  createdAt: true,
  endpoint: {
    select: {
      id: true,
      organizationId: true,
      url: true,
      active: true,
      secret: true,
      previousSecret: true,
      previousSecretUntil: true,
      organization: { select: { plan: true } },
    },
  },
} as const;

/**
 * Sends one delivery (the job of webhook.deliver): signed with the endpoint's secret (and the
 * rotated one while it still signs), posted by safePost, its outcome written to the log. A
 * failure is thrown so that the queue retries it with backoff; after the last attempt the
 * delivery stays failed. A ticket's later event waits while an earlier one is retried.
 */
export async function deliverWebhook({ deliveryId }: WebhookJob, run: JobRun): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: DELIVERY });
  // Gone with its endpoint, or already sent.
  if (!delivery || delivery.status !== "queued") return;
  const { endpoint } = delivery;
  const refusal = !endpoint.active
    ? ENDPOINT_OFF_NOT_SENT
    : !PLANS[endpoint.organization.plan].api
      ? PLAN_ENDED_NOT_SENT
      : null;
  if (refusal) {
    await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "failed", error: refusal } });
    return;
  }
  if (delivery.ticketId && (await earlierPending(delivery.id, endpoint.id, delivery.ticketId, delivery.createdAt))) {
    if (run.lastAttempt)
      await db.webhookDelivery.update({
        where: { id: deliveryId },
        data: { status: "failed", error: EARLIER_PENDING },
      });
    else throw new DeliveryFailed(EARLIER_PENDING);
    return;
  }

  const now = new Date();
  const secrets = [unseal(endpoint.secret, sealContext(endpoint.id))];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
    secrets.push(unseal(endpoint.previousSecret, sealContext(endpoint.id)));
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const outcome = await safePost(endpoint.url, body, webhookHeaders(secrets, delivery.eventId, timestamp, body));

  await recordOutcome(delivery.id, delivery.attempts + 1, outcome, run.lastAttempt);
  await recordStreak(endpoint.id, endpoint.organizationId, endpoint.url, outcome.ok);
  if (!outcome.ok && !run.lastAttempt) throw new DeliveryFailed(outcome.error ?? "Delivery failed");
}

/** Whether an earlier event of the ticket to this endpoint is still waiting to be delivered. */
async function earlierPending(id: string, endpointId: string, ticketId: string, createdAt: Date) {
  const earlier = await db.webhookDelivery.findFirst({
    where: {
      endpointId,
      ticketId,
      status: "queued",
      OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }],
    },
    select: { id: true },
  });
  return earlier !== null;
}

function recordOutcome(id: string, attempts: number, outcome: PostOutcome, lastAttempt: boolean) {
  return db.webhookDelivery.update({
    where: { id },
    data: {
      attempts,
      status: outcome.ok ? "succeeded" : lastAttempt ? "failed" : "queued",
      responseStatus: outcome.status,
      responseBody: outcome.body || null,
      durationMs: outcome.durationMs,
      error: outcome.error,
      deliveredAt: outcome.ok ? new Date() : null,
    },
  });
}

/**
 * A success ends the endpoint's run of failures; a failure extends it, and once it has lasted
 * FAILING_DAYS_BEFORE_DISABLE days the endpoint is turned off, the change recorded in Activity
 * and mailed to the organisation's admins (an admin turns it on again in Settings).
 */
async function recordStreak(endpointId: string, organizationId: string, url: string, ok: boolean) {
  if (ok) {
    await db.webhookEndpoint.updateMany({
      where: { id: endpointId, failureCount: { gt: 0 } },
      data: { failingSince: null, failureCount: 0 },
    });
    return;
  }
  await db.$transaction(async (tx) => {
    const [streak] = await tx.$queryRaw<{ failingSince: Date; active: boolean }[]>`
      UPDATE "WebhookEndpoint"
      SET "failingSince" = COALESCE("failingSince", now()), "failureCount" = "failureCount" + 1
      WHERE "id" = ${endpointId}
      RETURNING "failingSince", "active"`;
    if (!streak?.active) return;
    const since = streak.failingSince;
    if (Date.now() - since.getTime() < FAILING_DAYS_BEFORE_DISABLE * 24 * 60 * 60 * 1000) return;
    await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { active: false, disabledAt: new Date() } });
    await recordEvent(tx, {
      organizationId,
      actorType: "system",
      actorLabel: PRODUCT_NAME,
      action: "webhook.disabled",
      targetType: "webhook_endpoint",
      targetId: endpointId,
      metadata: { url, days: FAILING_DAYS_BEFORE_DISABLE },
    });
    // Those who manage webhooks: the admins.
    const admins = await tx.user.findMany({
      where: { organizationId, role: { in: [...PERMISSIONS["webhooks.manage"]] }, isActive: true },
      select: { email: true },
    });
    const link = `${env.appUrl}/settings`;
    for (const { email } of admins)
      await enqueueMail(tx, webhookDisabledMail(email, { url, since, settingsLink: link }), { organizationId });
  });
}
