import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { ticketDetail } from "@/lib/services/tickets/pane";

// GET /api/v1/tickets/{id} - one ticket of the organisation (API token, tickets:read).
export const GET = apiRoute(API_V1.getTicket, ({ user, params }) => ticketDetail(user.staff, params.id!));
