import { currentSessionId } from "@/lib/auth/session";
import { clearSessionCookie, setSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { changePasswordSchema } from "@/lib/schemas/auth";
import { changePassword } from "@/lib/services/users/profile";
import { carrySession } from "@/lib/services/users/sessions";

// PATCH /api/users/password - change password; other sessions end, this one gets a fresh cookie.
export const PATCH = route({ body: changePasswordSchema }, async ({ req, user, body }) => {
  const updated = await changePassword(user, body.currentPassword, body.newPassword);
  const response = json({ message: "Password changed successfully" });
  const sessionId = await carrySession(await currentSessionId(req), updated);
  return sessionId ? setSessionCookie(response, updated, sessionId) : clearSessionCookie(response);
});
