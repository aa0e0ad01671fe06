import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { removeSupportEmail } from "@/lib/services/support-emails";

// DELETE /api/support-emails/{id} - remove an address of the caller's organisation (admins).
export const DELETE = route({ roles: ADMIN_ROLES }, async ({ user, params }) => {
  await removeSupportEmail(user, params.id!);
  return { ok: true };
});
