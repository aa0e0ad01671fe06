import { NextResponse } from "next/server";
import { setSessionCookie } from "@/lib/auth/session-response";
import { publicRoute } from "@/lib/http/server/route";
import { signInPlace } from "@/lib/http/server/sign-in-place";
import { landingPage } from "@/lib/permissions/pages";
import { env } from "@/lib/server/env";
import { ssoCallbackQuerySchema } from "@/lib/schemas/sso";
import { ssoRedirectUri } from "@/lib/services/sso/discovery";
import { flowCookieOptions, SSO_FLOW_COOKIE } from "@/lib/services/sso/flow-cookie";
import { finishSsoSignIn } from "@/lib/services/sso/sign-in";

// GET /api/sso/callback?code&state - where the identity provider sends the browser back: signs in and goes to the workspace, or back to /login?sso=<reason>.
export const GET = publicRoute({ query: ssoCallbackQuerySchema }, async ({ req }) => {
  const result = await finishSsoSignIn(
    new URL(`${ssoRedirectUri()}${req.nextUrl.search}`),
    req.cookies.get(SSO_FLOW_COOKIE)?.value,
    signInPlace(req),
  );
  const target = "failure" in result ? `/login?sso=${result.failure}` : landingPage(result.user);
  const response = NextResponse.redirect(new URL(target, env.appUrl), 303);
  // The flow is spent either way: trying again starts a new one.
  response.cookies.set(SSO_FLOW_COOKIE, "", flowCookieOptions(0));
  return "failure" in result ? response : setSessionCookie(response, result.user, result.sessionId);
});
