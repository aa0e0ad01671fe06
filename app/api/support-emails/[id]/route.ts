import { route } from "@/lib/http/server/route";
import { removeSupportEmail } from "@/lib/services/mail/support-emails";

// DELETE /api/support-emails/{id} - remove an address of the caller's organisation (admins).
export const DELETE = route({ permission: "support_emails.manage" }, async ({ user, params }) => {
  await removeSupportEmail(user, params.id!);
  return { ok: true };
});
