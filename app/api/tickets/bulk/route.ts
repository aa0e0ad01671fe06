import { route } from "@/lib/http/server/route";
import { bulkUpdateTicketsSchema } from "@/lib/schemas/tickets";
import { bulkUpdateTickets } from "@/lib/services/tickets/bulk";

// PATCH /api/tickets/bulk - one status, priority and/or assignee change for up to 100 tickets, all or nothing (staff only).
export const PATCH = route({ permission: "tickets.update", body: bulkUpdateTicketsSchema }, ({ user, body }) =>
  bulkUpdateTickets(user, body),
);
