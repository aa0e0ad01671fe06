import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { sendWebhookTestEvent } from "@/lib/services/webhooks/deliveries";

// POST /api/webhooks/{id}/test - send a "webhook.test" event to the endpoint (admins).
export const POST = route({ permission: "webhooks.manage" }, async ({ user, params }) =>
  json(await sendWebhookTestEvent(user, params.id!), { status: 201 }),
);
