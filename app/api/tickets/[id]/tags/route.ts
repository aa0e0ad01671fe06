import { route } from "@/lib/http/server/route";
import { ticketTagsChangeSchema } from "@/lib/schemas/tags";
import { changeTicketTags } from "@/lib/services/tickets/change-tags";

// PATCH /api/tickets/{id}/tags - add and/or remove tags of a ticket, new names created on first use (staff only).
export const PATCH = route({ permission: "tickets.tags", body: ticketTagsChangeSchema }, ({ user, params, body }) =>
  changeTicketTags(user, params.id!, body),
);
