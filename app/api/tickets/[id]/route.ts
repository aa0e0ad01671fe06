import { route } from "@/lib/http/server/route";
import { ticketCcSchema, updateTicketSchema } from "@/lib/schemas/tickets";
import { updateTicketCc } from "@/lib/services/tickets/cc";
import { updateTicket } from "@/lib/services/tickets/update";

// PUT /api/tickets/{id} - change status, priority, assignee and/or group (staff only).
export const PUT = route({ body: updateTicketSchema }, ({ user, params, body }) =>
  updateTicket(user, params.id!, body),
);

// PATCH /api/tickets/{id} - set the ticket's CCs { cc: [...] }, removing or adding people (staff only).
export const PATCH = route({ permission: "tickets.update", body: ticketCcSchema }, ({ user, params, body }) =>
  updateTicketCc(user, params.id!, body.cc),
);
