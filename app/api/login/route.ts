import { publicUser } from "@/lib/auth/session";
import { challengeToken } from "@/lib/auth/passkey-cookie";
import { setSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { signInPlace } from "@/lib/http/server/sign-in-place";
import { loginSchema } from "@/lib/schemas/auth";
import { login } from "@/lib/services/users/accounts";

// POST /api/login - check credentials (and the second factor's code or passkey when the user has one), start a session and issue its cookie.
export const POST = publicRoute({ body: loginSchema }, async ({ req, body }) => {
  const { user, sessionId } = await login(body, signInPlace(req), challengeToken(req));
  return setSessionCookie(json({ user: publicUser(user) }), user, sessionId);
});
