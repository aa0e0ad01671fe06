import { portalRoute } from "@/lib/http/server/route";
import { getPortalTicket } from "@/lib/services/portal/tickets";

// GET /api/portal/tickets/{id} - one of the token's customer's tickets (404 for any other).
export const GET = portalRoute({}, ({ user, params }) => getPortalTicket(user, params.id!));
