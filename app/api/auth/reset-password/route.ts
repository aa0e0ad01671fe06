import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { resetPasswordSchema } from "@/lib/schemas/auth";
import { resetPassword } from "@/lib/services/users/accounts";

// POST /api/auth/reset-password - set a new password with a one-time token; ends all sessions.
export const POST = publicRoute({ body: resetPasswordSchema }, async ({ req, body }) => {
  await resetPassword(body.token, body.newPassword, clientIp(req));
  return { message: "Your password has been reset. You can now log in with your new password." };
});
