import { challengeToken, clearChallengeCookie } from "@/lib/auth/passkey-cookie";
import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { addPasskeySchema } from "@/lib/schemas/passkeys";
import { addPasskey, listPasskeys } from "@/lib/services/users/passkeys";

// GET /api/users/passkeys - the signed-in user's passkeys.
export const GET = route({}, ({ user }) => listPasskeys(user));

// POST /api/users/passkeys { name, answer } - keep the passkey the browser made for this session's challenge (open during enrolment: a passkey is a second factor).
export const POST = route({ body: addPasskeySchema, duringEnrolment: true }, async ({ req, user, body }) => {
  const passkey = await addPasskey(user, challengeToken(req), body);
  return clearChallengeCookie(json(passkey));
});
