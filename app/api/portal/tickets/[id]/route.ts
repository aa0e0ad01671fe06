import { portalRoute } from "@/lib/http/server/route";
import { getPortalTicket } from "@/lib/services/portal/tickets";

// GET /api/portal/tickets/{id or ticket number} - one of the caller's own tickets (404 for any other).
export const GET = portalRoute({}, ({ user, params }) => getPortalTicket(user, params.id!));
