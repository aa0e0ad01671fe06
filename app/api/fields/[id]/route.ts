import { route } from "@/lib/http/server/route";
import { customFieldUpdateSchema } from "@/lib/schemas/fields-custom";
import { deleteField, updateField } from "@/lib/services/fields/definitions";

// PATCH /api/fields/{id} - change a field's label, help, options, place or flags (admins; its key and type stay).
export const PATCH = route({ permission: "fields.manage", body: customFieldUpdateSchema }, ({ user, params, body }) =>
  updateField(user, params.id!, body),
);

// DELETE /api/fields/{id} - delete a field; its values leave the tickets, their history stays (admins).
export const DELETE = route({ permission: "fields.manage" }, async ({ user, params }) => {
  await deleteField(user, params.id!);
  return { ok: true };
});
