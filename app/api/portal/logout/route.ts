import { portalRoute } from "@/lib/http/server/route";
import { revokePortalSession } from "@/lib/services/portal/access";

// POST /api/portal/logout - revoke the caller's portal access token.
export const POST = portalRoute({}, async ({ user }) => {
  await revokePortalSession(user);
  return { ok: true };
});
