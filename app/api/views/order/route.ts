import { route } from "@/lib/http/server/route";
import { savedViewOrderSchema } from "@/lib/schemas/views";
import { reorderViews } from "@/lib/services/views/views";

// PUT /api/views/order - one sidebar section's views in a new order (one's own; the shared ones: admins).
export const PUT = route({ permission: "views.read", body: savedViewOrderSchema }, ({ user, body }) =>
  reorderViews(user, body),
);
