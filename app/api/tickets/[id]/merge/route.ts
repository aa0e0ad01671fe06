import { route } from "@/lib/http/server/route";
import { mergeTicketsSchema } from "@/lib/schemas/ticket-merge";
import { mergeTickets } from "@/lib/services/tickets/merge";

// POST /api/tickets/{id}/merge - fold the tickets `ticketIds` into ticket {id}, closing them (staff only).
export const POST = route({ permission: "tickets.update", body: mergeTicketsSchema }, ({ user, params, body }) =>
  mergeTickets(user, params.id!, body),
);
