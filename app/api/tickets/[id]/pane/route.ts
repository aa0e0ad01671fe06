import { route } from "@/lib/http/server/route";
import { ticketPane } from "@/lib/services/tickets/pane";

// GET /api/tickets/{id}/pane - what the ticket pane shows on opening (ticket, conversation and, for staff, history, mail, customer, viewers) in one answer.
export const GET = route({}, ({ user, params }) => ticketPane(user, params.id!));
