import { route } from "@/lib/http/server/route";
import { getTicketByNumber } from "@/lib/services/tickets/list";

// GET /api/tickets/number/{number} - one visible ticket by its number in the caller's organisation (a ticket's address names it so).
export const GET = route({}, ({ user, params }) => getTicketByNumber(user, params.number!));
