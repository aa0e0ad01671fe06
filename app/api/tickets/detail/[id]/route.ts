import { route } from "@/lib/http/server/route";
import { ticketDetail } from "@/lib/services/tickets/pane";

// GET /api/tickets/detail/{id} - one visible ticket (another tenant's is a 404).
export const GET = route({}, ({ user, params }) => ticketDetail(user, params.id!));
