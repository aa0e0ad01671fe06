import { route } from "@/lib/http/server/route";
import { rotateWebhookSecret } from "@/lib/services/webhooks/endpoints";

// POST /api/webhooks/{id}/rotate-secret - a new signing secret, answered this once; the old one signs beside it for 24 hours (admins).
export const POST = route({ permission: "webhooks.manage" }, ({ user, params }) =>
  rotateWebhookSecret(user, params.id!),
);
