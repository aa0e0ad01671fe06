import { portalRoute, route, sessionOrPortal } from "@/lib/http/server/route";
import { listPortalReplies } from "@/lib/services/portal";
import { ticketReplies } from "@/lib/services/ticket-pane";

// GET /api/replies/{ticketId} - the conversation; internal notes for staff only, never for a portal token.
export const GET = sessionOrPortal(
  route({}, ({ user, params }) => ticketReplies(user, params.ticketId!)),
  portalRoute({}, ({ user, params }) => listPortalReplies(user, params.ticketId!)),
);
