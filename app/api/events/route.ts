import { portalCredentials } from "@/lib/auth/portal-token";
import { portalCustomerFromToken } from "@/lib/services/portal/session";
import { getSessionUser } from "@/lib/auth/session";
import { portalRoute, route, sessionOrPortal } from "@/lib/http/server/route";
import { portalActor, sessionActor } from "@/lib/services/actor";
import { openEventStream } from "@/lib/services/live";

export const dynamic = "force-dynamic";

// GET /api/events - this tab's live updates (Server-Sent Events): the workspace's with the
// session cookie, a portal customer's own tickets with that portal's session cookie.
export const GET = sessionOrPortal(
  route({}, ({ user, req }) =>
    openEventStream(sessionActor(user), req.signal, async () => (await getSessionUser(req))?.id === user.id),
  ),
  portalRoute({}, ({ user, req }) =>
    openEventStream(portalActor(user), req.signal, async () => {
      const portal = portalCredentials(req);
      return (
        portal !== null && (await portalCustomerFromToken(portal.slug, portal.token))?.sessionId === user.sessionId
      );
    }),
  ),
);
