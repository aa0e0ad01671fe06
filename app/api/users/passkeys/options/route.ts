import { setChallengeCookie } from "@/lib/auth/passkey-cookie";
import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { passkeyProofSchema } from "@/lib/schemas/passkeys";
import { passkeyRegistrationOptions } from "@/lib/services/users/passkeys";

// POST /api/users/passkeys/options { password, code? } - after fresh proof, the options for creating a passkey (its challenge in a cookie).
export const POST = route({ body: passkeyProofSchema, duringEnrolment: true }, async ({ user, body }) => {
  const { options, token } = await passkeyRegistrationOptions(user, body);
  return setChallengeCookie(json(options), token);
});
