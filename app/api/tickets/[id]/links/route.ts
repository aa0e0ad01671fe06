import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { linkTicketSchema } from "@/lib/schemas/ticket-merge";
import { linkTickets } from "@/lib/services/tickets/links";
import { ticketRelations } from "@/lib/services/tickets/pane";

// GET /api/tickets/{id}/links - what ticket {id} was merged into, what was merged into it, its related tickets (staff only).
export const GET = route({ permission: "tickets.update" }, ({ user, params }) => ticketRelations(user, params.id!));

// POST /api/tickets/{id}/links - mark ticket `ticketId` as related to ticket {id}, shown on both (staff only).
export const POST = route({ permission: "tickets.update", body: linkTicketSchema }, async ({ user, params, body }) =>
  json(await linkTickets(user, params.id!, body.ticketId), { status: 201 }),
);
