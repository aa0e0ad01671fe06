import { publicUser } from "@/lib/auth/session";
import { challengeToken, clearChallengeCookie } from "@/lib/auth/passkey-cookie";
import { setSessionCookie } from "@/lib/auth/session-response";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { signInPlace } from "@/lib/http/server/sign-in-place";
import { passkeySignInSchema } from "@/lib/schemas/passkeys";
import { passkeyLogin } from "@/lib/services/users/passkey-sign-in";

// POST /api/login/passkey { answer } - sign in with a passkey alone, start a session and issue its cookie.
export const POST = publicRoute({ body: passkeySignInSchema }, async ({ req, body }) => {
  const { user, sessionId } = await passkeyLogin(body.answer, challengeToken(req), signInPlace(req));
  return setSessionCookie(clearChallengeCookie(json({ user: publicUser(user) })), user, sessionId);
});
