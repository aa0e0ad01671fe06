import { route } from "@/lib/http/server/route";
import { webhookPatchSchema } from "@/lib/schemas/webhooks";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/services/webhooks/endpoints";

// PATCH /api/webhooks/{id} - change an endpoint's URL, events, description or whether it is on (admins; another organisation's is a 404).
export const PATCH = route({ permission: "webhooks.manage", body: webhookPatchSchema }, ({ user, params, body }) =>
  updateWebhookEndpoint(user, params.id!, body),
);

// DELETE /api/webhooks/{id} - delete an endpoint and its delivery log (admins).
export const DELETE = route({ permission: "webhooks.manage" }, async ({ user, params }) => {
  await deleteWebhookEndpoint(user, params.id!);
  return new Response(null, { status: 204 });
});
