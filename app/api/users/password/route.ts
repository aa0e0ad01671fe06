import { setSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { changePasswordSchema } from "@/lib/schemas/auth";
import { changePassword } from "@/lib/services/users/profile";

// PATCH /api/users/password - change password; other sessions end, this one gets a fresh cookie.
export const PATCH = route({ body: changePasswordSchema }, async ({ user, body }) => {
  const updated = await changePassword(user, body.currentPassword, body.newPassword);
  return setSessionCookie(json({ message: "Password changed successfully" }), updated);
});
