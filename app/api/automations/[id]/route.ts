import { route } from "@/lib/http/server/route";
import { automationPatchSchema } from "@/lib/schemas/automations";
import { deleteAutomation, updateAutomation } from "@/lib/services/automations/rules";

// PATCH /api/automations/{id} - change some of a rule's parts (admins; another organisation's is a 404).
export const PATCH = route(
  { permission: "automations.manage", body: automationPatchSchema },
  ({ user, params, body }) => updateAutomation(user, params.id!, body),
);

// DELETE /api/automations/{id} - delete a rule (admins, on every plan).
export const DELETE = route({ permission: "automations.manage" }, async ({ user, params }) => {
  await deleteAutomation(user, params.id!);
  return { ok: true };
});
