import { route } from "@/lib/http/server/route";
import { ticketHistory } from "@/lib/services/tickets";

// GET /api/tickets/{id}/history - who changed what on the ticket, oldest first.
export const GET = route({ permission: "tickets.history" }, ({ user, params }) => ticketHistory(user, params.id!));
