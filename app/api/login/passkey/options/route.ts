import { setChallengeCookie } from "@/lib/auth/passkey-cookie";
import { clientIp } from "@/lib/http/server/client-ip";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { passkeySignInOptions } from "@/lib/services/users/passkey-sign-in";

// POST /api/login/passkey/options - a sign-in challenge for a passkey (password-less, or the step after a password), in a cookie of this browser.
export const POST = publicRoute({}, async ({ req }) => {
  const { options, token } = await passkeySignInOptions(clientIp(req));
  return setChallengeCookie(json(options), token);
});
