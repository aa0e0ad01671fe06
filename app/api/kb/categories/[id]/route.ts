import { route } from "@/lib/http/server/route";
import { kbCategoryUpdateSchema } from "@/lib/schemas/kb";
import { deleteCategory, updateCategory } from "@/lib/services/kb/categories";

// PATCH /api/kb/categories/{id} - rename, describe, re-slug or move a category (admins).
export const PATCH = route({ permission: "kb.manage", body: kbCategoryUpdateSchema }, ({ user, params, body }) =>
  updateCategory(user, params.id!, body),
);

// DELETE /api/kb/categories/{id} - delete a category; its articles stay, without one (admins).
export const DELETE = route({ permission: "kb.manage" }, async ({ user, params }) => {
  await deleteCategory(user, params.id!);
  return new Response(null, { status: 204 });
});
