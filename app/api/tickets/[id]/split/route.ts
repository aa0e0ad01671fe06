import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { splitTicketSchema } from "@/lib/schemas/ticket-merge";
import { splitTicket } from "@/lib/services/tickets/split";

// POST /api/tickets/{id}/split - a customer's message of ticket {id} becomes a new ticket, 201 with it (staff only).
export const POST = route({ permission: "tickets.update", body: splitTicketSchema }, async ({ user, params, body }) =>
  json(await splitTicket(user, params.id!, body), { status: 201 }),
);
