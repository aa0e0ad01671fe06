import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { savedViewCreateSchema } from "@/lib/schemas/views";
import { createView, listViews } from "@/lib/services/views/views";

// GET /api/views - the team's shared views and the caller's own, each with its count (staff).
export const GET = route({ permission: "views.read" }, ({ user }) => listViews(user));

// POST /api/views - save the list's filters and order as a view of one's own, or shared (admins; at most 50 each).
export const POST = route({ permission: "views.read", body: savedViewCreateSchema }, async ({ user, body }) =>
  json(await createView(user, body), { status: 201 }),
);
