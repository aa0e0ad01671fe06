import { route } from "@/lib/http/server/route";
import { paneForViewer } from "@/lib/services/fields/customer-values";
import { ticketPane } from "@/lib/services/tickets/pane";

// GET /api/tickets/{id}/pane - what the ticket pane shows on opening (ticket, conversation and, for staff, history, mail, customer, viewers) in one answer.
export const GET = route({}, async ({ user, params }) => paneForViewer(user, await ticketPane(user, params.id!)));
