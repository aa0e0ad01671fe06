import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { macroInputSchema } from "@/lib/schemas/macros";
import { createMacro, listMacros } from "@/lib/services/replies/macros";

// GET /api/macros - the organisation's macros and its plan's macro limit (staff: agents apply them).
export const GET = route({ permission: "macros.read" }, ({ user }) => listMacros(user));

// POST /api/macros - create a macro (admins; placeholders checked, plan limit enforced under the organisation lock).
export const POST = route({ permission: "macros.manage", body: macroInputSchema }, async ({ user, body }) =>
  json(await createMacro(user, body), { status: 201 }),
);
