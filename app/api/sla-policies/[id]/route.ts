import { route } from "@/lib/http/server/route";
import { slaPolicyPatchSchema } from "@/lib/schemas/sla-policies";
import { deleteSlaPolicy, updateSlaPolicy } from "@/lib/services/sla/policies";

// PATCH /api/sla-policies/{id} - change some of a policy's parts or move it (admins; another organisation's is a 404).
export const PATCH = route({ permission: "sla.manage", body: slaPolicyPatchSchema }, ({ user, params, body }) =>
  updateSlaPolicy(user, params.id!, body),
);

// DELETE /api/sla-policies/{id} - delete a policy; those after it move up (admins).
export const DELETE = route({ permission: "sla.manage" }, async ({ user, params }) => {
  await deleteSlaPolicy(user, params.id!);
  return new Response(null, { status: 204 });
});
