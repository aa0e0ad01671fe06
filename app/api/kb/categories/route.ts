import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { kbCategoryCreateSchema } from "@/lib/schemas/kb";
import { createCategory, listCategories } from "@/lib/services/kb/categories";

// GET /api/kb/categories - the knowledge base's categories in the help center's order (staff).
export const GET = route({ permission: "kb.read" }, ({ user }) => listCategories(user));

// POST /api/kb/categories - a new category, last in the order (admins; at most 100 per organisation).
export const POST = route({ permission: "kb.manage", body: kbCategoryCreateSchema }, async ({ user, body }) =>
  json(await createCategory(user, body), { status: 201 }),
);
