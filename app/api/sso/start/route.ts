import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { signInPlace } from "@/lib/http/server/sign-in-place";
import { ssoStartSchema } from "@/lib/schemas/sso";
import { flowCookieOptions, SSO_FLOW_COOKIE } from "@/lib/services/sso/flow-cookie";
import { startSsoSignIn } from "@/lib/services/sso/sign-in";

// POST /api/sso/start { email } - the identity provider's sign-in address for the email's domain; the browser goes there with this answer's flow cookie.
export const POST = publicRoute({ body: ssoStartSchema }, async ({ req, body }) => {
  const { url, flow } = await startSsoSignIn(body.email, signInPlace(req));
  const response = json({ url });
  response.cookies.set(SSO_FLOW_COOKIE, flow, flowCookieOptions());
  return response;
});
