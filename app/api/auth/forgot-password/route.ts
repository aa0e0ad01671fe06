import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { forgotPasswordSchema } from "@/lib/schemas/auth";
import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset } from "@/lib/services/users/accounts";

// POST /api/auth/forgot-password - email a reset link; the answer never reveals whether the account exists.
export const POST = publicRoute({ body: forgotPasswordSchema }, async ({ req, body }) => {
  await requestPasswordReset(body.email, clientIp(req));
  return { message: FORGOT_PASSWORD_MESSAGE };
});
