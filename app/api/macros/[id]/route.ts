import { route } from "@/lib/http/server/route";
import { macroInputSchema } from "@/lib/schemas/macros";
import { deleteMacro, updateMacro } from "@/lib/services/replies/macros";

// PUT /api/macros/{id} - replace a macro's name, text and field changes (admins; another organisation's is a 404).
export const PUT = route({ permission: "macros.manage", body: macroInputSchema }, ({ user, params, body }) =>
  updateMacro(user, params.id!, body),
);

// DELETE /api/macros/{id} - delete a macro (admins).
export const DELETE = route({ permission: "macros.manage" }, async ({ user, params }) => {
  await deleteMacro(user, params.id!);
  return { ok: true };
});
