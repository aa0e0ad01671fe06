import { clearPortalCookie, portalCredentials } from "@/lib/auth/portal-token";
import { json } from "@/lib/http/server/respond";
import { portalRoute } from "@/lib/http/server/route";
import { revokePortalSession } from "@/lib/services/portal/access";

// POST /api/portal/logout - revoke the caller's portal session and clear its cookie.
export const POST = portalRoute({}, async ({ req, user }) => {
  await revokePortalSession(user);
  return clearPortalCookie(json({ ok: true }), portalCredentials(req)!.slug);
});
