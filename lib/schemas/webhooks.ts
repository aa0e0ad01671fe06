import type { Plan } from "@/generated/prisma/enums";
import { pageLimit, singleLine } from "./fields";
import { z } from "./zod";

/**
 * Webhook endpoints as admins subscribe them and other tools call them: a URL and the events it
 * receives. The URL's host is checked by the service as well (lib/webhooks/safe-post.ts).
 */

/** The events an endpoint can subscribe to, in the order the settings list them. */
export const WEBHOOK_EVENTS = [
  "ticket.created",
  "ticket.updated",
  "ticket.assigned",
  "reply.created",
  "ticket.rating_received",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send test event", whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** Endpoints per organisation. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const URL_REQUIRED = "Enter the URL to send events to";
export const EVENTS_REQUIRED = "Choose at least one event";
export const EVENT_UNKNOWN = `Events must be among: ${WEBHOOK_EVENTS.join(", ")}`;

const urlSchema = z
  .string({ error: URL_REQUIRED })
  .trim()
  .min(1, URL_REQUIRED)
  .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: EVENT_UNKNOWN }), { error: EVENTS_REQUIRED })
  .min(1, EVENTS_REQUIRED)
  .max(WEBHOOK_EVENTS.length, EVENT_UNKNOWN)
  // Stored once each, in the list's order, however they were sent.
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

const descriptionSchema = singleLine(z.string({ error: "The description must be text" }).trim())
  .max(WEBHOOK_DESCRIPTION_MAX, `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`)
  .transform((text) => text || null)
  .nullable();

export const webhookInputSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** A change to an endpoint: any of its parts. Turning it on again clears a disabling. */
export const webhookPatchSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: "Nothing to change" });
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;

export const webhookDeliveriesQuery = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

export type WebhookDeliveryStatus = "queued" | "succeeded" | "failed";

/** A delivery as the log shows it. */
export type WebhookDelivery = {
  id: string;
  /** The Standard Webhooks message id (webhook-id header). */
  eventId: string;
  type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  /** The start of the endpoint's answer, at most 1 KB. */
  responseBody: string | null;
  durationMs: number | null;
  error: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
};

/** An endpoint as the API returns it (never its secret, which is shown once). */
export type WebhookEndpoint = {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  active: boolean;
  /** When failures for days in a row turned it off (active is then false). */
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lastDelivery: Pick<WebhookDelivery, "status" | "attempts" | "responseStatus" | "createdAt"> | null;
};

export type WebhookEndpointList = { endpoints: WebhookEndpoint[]; plan: Plan; limit: number };

/** What creating an endpoint or rotating its secret answers: the secret, this once. */
export type WebhookSecret = { id: string; secret: string };

export type WebhookDeliveryPage = { deliveries: WebhookDelivery[]; nextCursor: string | null };
