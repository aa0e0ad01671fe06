import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { PLANS, planRequiredError } from "@/lib/plans/limits";
import type { SessionUser } from "@/lib/schemas/session-user";
import {
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEvent,
  type WebhookInput,
  type WebhookPatch,
  type WebhookSecret,
} from "@/lib/schemas/webhooks";
import { db } from "@/lib/server/db";
import { seal } from "@/lib/server/secret-box";
import { recordEvent } from "@/lib/services/audit";
import { lockOrganization } from "@/lib/services/users/seats";
import { resolveWebhookHost, webhookUrlProblem } from "@/lib/webhooks/safe-post";
import { newWebhookSecret } from "@/lib/webhooks/sign";
import { forgetOrganizationWebhooks } from "./subscribers";

type Tx = Prisma.TransactionClient;

export const WEBHOOK_NOT_FOUND = "Webhook endpoint not found";
export const WEBHOOK_LIMIT = `An organisation can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`;
/** How long a rotated secret keeps signing beside the new one, so receivers can switch without losing events. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The secret sealed for this endpoint only: a sealed value copied onto another row does not open. */
export const sealContext = (endpointId: string) => `webhook:${endpointId}`;

const SELECT = {
  id: true,
  url: true,
  events: true,
  description: true,
  active: true,
  disabledAt: true,
  createdAt: true,
  updatedAt: true,
  deliveries: {
    select: { status: true, attempts: true, responseStatus: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1,
  },
} as const satisfies Prisma.WebhookEndpointSelect;

type Row = Prisma.WebhookEndpointGetPayload<{ select: typeof SELECT }>;

const toJson = ({ deliveries, events, ...row }: Row): WebhookEndpoint => ({
  ...row,
  events: events as WebhookEvent[],
  lastDelivery: deliveries[0] ?? null,
});

/** Webhooks come with API access: Enterprise's. */
export function assertWebhooksAllowed(plan: Plan) {
  if (!PLANS[plan].api) throw planRequiredError("Webhooks", "enterprise");
}

/**
 * A URL Ticketry may send to: https (unless WEBHOOK_ALLOW_PRIVATE_HOSTS=true) and not naming a
 * private or local address. A name that does not resolve yet is accepted (every delivery checks
 * it again); one that resolves to a private address is refused.
 */
async function assertSendableUrl(url: string) {
  const problem = webhookUrlProblem(url);
  if (problem) throw badRequest(problem);
  const resolved = await resolveWebhookHost(new URL(url));
  if ("error" in resolved && !resolved.error.endsWith("could not be found")) throw badRequest(resolved.error);
}

function recordEndpointEvent(tx: Tx, user: SessionUser, action: string, endpoint: { id: string; url: string }) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    actorId: user.id,
    actorLabel: user.fullName,
    action,
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
    metadata: { url: endpoint.url },
  });
}

/**
 * One change to the organisation's endpoints, under its lock (the count against the cap is never
 * raced) once its plan allows webhooks; this process's cache of subscribers forgets the
 * organisation once it is written (other processes hear it from the table's trigger).
 */
async function endpointsWrite<T>(user: SessionUser, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(async (tx) => {
      const { plan } = await lockOrganization(tx, user.organizationId);
      assertWebhooksAllowed(plan);
      return write(tx);
    });
  } finally {
    forgetOrganizationWebhooks(user.organizationId);
  }
}

export async function findEndpoint(tx: Tx | typeof db, organizationId: string, id: string) {
  const found = await tx.webhookEndpoint.findFirst({
    where: { id, organizationId },
    select: { id: true, url: true, active: true },
  });
  if (!found) throw notFound(WEBHOOK_NOT_FOUND);
  return found;
}

/** The plan must allow webhooks for a read too (a team that moved down sees the upgrade prompt). */
export async function assertPlanAllowsWebhooks(organizationId: string) {
  const org = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { plan: true } });
  assertWebhooksAllowed(org.plan);
  return org.plan;
}

/** The organisation's endpoints, oldest first, each with its last delivery's outcome. */
export async function listWebhookEndpoints(user: SessionUser): Promise<WebhookEndpointList> {
  const plan = await assertPlanAllowsWebhooks(user.organizationId);
  const rows = await db.webhookEndpoint.findMany({
    where: { organizationId: user.organizationId },
    select: SELECT,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { endpoints: rows.map(toJson), plan, limit: WEBHOOK_ENDPOINTS_MAX };
}

/** A new endpoint and its signing secret, which is shown this once. */
export async function createWebhookEndpoint(user: SessionUser, input: WebhookInput): Promise<WebhookSecret> {
  await assertSendableUrl(input.url);
  const organizationId = user.organizationId;
  return endpointsWrite(user, async (tx) => {
    if ((await tx.webhookEndpoint.count({ where: { organizationId } })) >= WEBHOOK_ENDPOINTS_MAX)
      throw conflict(WEBHOOK_LIMIT);
    const secret = newWebhookSecret();
    // The id is chosen first: the secret is sealed for it.
    const { id } = await tx.webhookEndpoint.create({
      data: {
        organizationId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secret: "",
      },
      select: { id: true },
    });
    await tx.webhookEndpoint.update({ where: { id }, data: { secret: seal(secret, sealContext(id)) } });
    await recordEndpointEvent(tx, user, "webhook.created", { id, url: input.url });
    return { id, secret };
  });
}

/** Changes the parts sent; turning an endpoint on again starts its failure count afresh. */
export async function updateWebhookEndpoint(
  user: SessionUser,
  id: string,
  patch: WebhookPatch,
): Promise<WebhookEndpoint> {
  if (patch.url !== undefined) await assertSendableUrl(patch.url);
  const organizationId = user.organizationId;
  return endpointsWrite(user, async (tx) => {
    const found = await findEndpoint(tx, organizationId, id);
    const turnedOn = patch.active === true && !found.active;
    const row = await tx.webhookEndpoint.update({
      where: { id, organizationId },
      data: {
        ...(patch.url !== undefined && { url: patch.url }),
        ...(patch.events !== undefined && { events: patch.events }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.active !== undefined && { active: patch.active }),
        ...(turnedOn && { disabledAt: null, failingSince: null, failureCount: 0 }),
      },
      select: SELECT,
    });
    await recordEndpointEvent(tx, user, "webhook.updated", row);
    return toJson(row);
  });
}

/** Deletes an endpoint with its delivery log; its queued deliveries find nothing to send. */
export async function deleteWebhookEndpoint(user: SessionUser, id: string): Promise<void> {
  const organizationId = user.organizationId;
  await endpointsWrite(user, async (tx) => {
    const found = await findEndpoint(tx, organizationId, id);
    await tx.webhookEndpoint.delete({ where: { id, organizationId } });
    await recordEndpointEvent(tx, user, "webhook.deleted", found);
  });
}

/** A new secret, shown this once; the one before keeps signing beside it for 24 hours. */
export async function rotateWebhookSecret(user: SessionUser, id: string, now = new Date()): Promise<WebhookSecret> {
  const organizationId = user.organizationId;
  return endpointsWrite(user, async (tx) => {
    const found = await findEndpoint(tx, organizationId, id);
    const { secret: current } = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id }, select: { secret: true } });
    const secret = newWebhookSecret();
    await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secret: seal(secret, sealContext(id)),
        previousSecret: current,
        previousSecretUntil: new Date(now.getTime() + SECRET_OVERLAP_MS),
      },
    });
    await recordEndpointEvent(tx, user, "webhook.secret_rotated", found);
    return { id, secret };
  });
}
