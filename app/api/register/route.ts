import { publicUser } from "@/lib/auth/session";
import { setSessionCookie } from "@/lib/auth/session-response";
import { clientIp } from "@/lib/http/server/client-ip";
import { signInPlace } from "@/lib/http/server/sign-in-place";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { registerSchema } from "@/lib/schemas/auth";
import { register } from "@/lib/services/users/accounts";
import { startSession } from "@/lib/services/users/sessions";

// POST /api/register - create an organisation and its first admin, then sign in.
export const POST = publicRoute({ body: registerSchema }, async ({ req, body }) => {
  const { user, organization } = await register(body, clientIp(req));
  const payload = {
    user: publicUser(user),
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      plan: organization.plan,
      onboardingCompleted: organization.onboardingCompleted,
    },
  };
  const sessionId = await startSession(user, signInPlace(req));
  return setSessionCookie(json(payload, { status: 201 }), user, sessionId);
});
