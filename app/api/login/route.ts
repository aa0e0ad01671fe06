import { publicUser } from "@/lib/auth/session";
import { setSessionCookie } from "@/lib/auth/session-response";
import { clientIp } from "@/lib/http/server/client-ip";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { loginSchema } from "@/lib/schemas/auth";
import { login } from "@/lib/services/users/accounts";

// POST /api/login - check credentials and issue the session cookie.
export const POST = publicRoute({ body: loginSchema }, async ({ req, body }) => {
  const user = await login(body, clientIp(req));
  return setSessionCookie(json({ user: publicUser(user) }), user);
});
