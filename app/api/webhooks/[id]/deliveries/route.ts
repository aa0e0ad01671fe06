import { route } from "@/lib/http/server/route";
import { webhookDeliveriesQuery } from "@/lib/schemas/webhooks";
import { listWebhookDeliveries } from "@/lib/services/webhooks/deliveries";

// GET /api/webhooks/{id}/deliveries?cursor=&limit= - the endpoint's delivery log, newest first (admins).
export const GET = route({ permission: "webhooks.manage", query: webhookDeliveriesQuery }, ({ user, params, query }) =>
  listWebhookDeliveries(user, params.id!, query),
);
