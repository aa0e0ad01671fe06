import { route } from "@/lib/http/server/route";
import { updateTicketSchema } from "@/lib/schemas/tickets";
import { updateTicket } from "@/lib/services/tickets/update";

// PUT /api/tickets/{id} - change status, priority, assignee and/or group (staff only).
export const PUT = route({ body: updateTicketSchema }, ({ user, params, body }) =>
  updateTicket(user, params.id!, body),
);
