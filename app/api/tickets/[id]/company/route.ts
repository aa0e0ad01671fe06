import { route } from "@/lib/http/server/route";
import { ticketCompany } from "@/lib/services/tickets/pane";

// GET /api/tickets/{id}/company - the customer's company beside the ticket: other people, tickets, notes.
export const GET = route({ permission: "companies.read" }, ({ user, params }) => ticketCompany(user, params.id!));
