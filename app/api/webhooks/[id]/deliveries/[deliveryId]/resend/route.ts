import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { resendWebhookDelivery } from "@/lib/services/webhooks/deliveries";

// POST /api/webhooks/{id}/deliveries/{deliveryId}/resend - send the delivery's event again, as a new delivery (admins).
export const POST = route({ permission: "webhooks.manage" }, async ({ user, params }) =>
  json(await resendWebhookDelivery(user, params.id!, params.deliveryId!), { status: 201 }),
);
