import { route } from "@/lib/http/server/route";
import { savedViewPatchSchema } from "@/lib/schemas/views";
import { deleteView, updateView } from "@/lib/services/views/views";

// PATCH /api/views/{id} - rename a view, change its filters or order (one's own; shared ones: admins).
export const PATCH = route({ permission: "views.read", body: savedViewPatchSchema }, ({ user, params, body }) =>
  updateView(user, params.id!, body),
);

// DELETE /api/views/{id} - delete a view (one's own; shared ones: admins).
export const DELETE = route({ permission: "views.read" }, async ({ user, params }) => {
  await deleteView(user, params.id!);
  return { ok: true };
});
