import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { mergeTickets } from "@/lib/services/tickets/merge";

// POST /api/v1/tickets/{id}/merge - fold the tickets `ticketIds` into ticket {id} (API token, tickets:write).
export const POST = apiRoute(API_V1.mergeTickets, ({ user, params, body }) =>
  mergeTickets(user.staff, params.id!, body),
);
