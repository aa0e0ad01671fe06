import { route } from "@/lib/http/server/route";
import { getTicket } from "@/lib/services/tickets";

// GET /api/tickets/detail/{id} - one visible ticket (another tenant's is a 404).
export const GET = route({}, ({ user, params }) => getTicket(user, params.id!));
