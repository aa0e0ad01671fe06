import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { webhookInputSchema } from "@/lib/schemas/webhooks";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/services/webhooks/endpoints";

// GET /api/webhooks - the organisation's webhook endpoints with their last delivery (admins; Enterprise).
export const GET = route({ permission: "webhooks.manage" }, ({ user }) => listWebhookEndpoints(user));

// POST /api/webhooks - subscribe a URL to events; answers { id, secret } with the signing secret, this once (admins; at most 20).
export const POST = route({ permission: "webhooks.manage", body: webhookInputSchema }, async ({ user, body }) =>
  json(await createWebhookEndpoint(user, body), { status: 201 }),
);
