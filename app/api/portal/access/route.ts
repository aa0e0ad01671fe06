import { setPortalCookie } from "@/lib/auth/portal-token";
import { clientIp } from "@/lib/http/server/client-ip";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { portalAccessSchema } from "@/lib/schemas/portal";
import { requestAccessCode, verifyAccessCode } from "@/lib/services/portal/access";

// POST /api/portal/access - {org, email} emails a one-time code; {org, email, code} opens a portal
// session: its token is set as that portal's HttpOnly cookie, the answer is {email, expiresAt}.
export const POST = publicRoute({ body: portalAccessSchema }, async ({ req, body }) => {
  if (body.code === undefined) return requestAccessCode(body.org || undefined, body.email, clientIp(req));
  const { token, session, organization } = await verifyAccessCode(
    body.org || undefined,
    body.email,
    body.code,
    clientIp(req),
  );
  return setPortalCookie(json(session), organization.slug, token, session.expiresAt);
});
