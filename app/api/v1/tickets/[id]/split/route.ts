import { json } from "@/lib/http/server/respond";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { splitTicket } from "@/lib/services/tickets/split";

// POST /api/v1/tickets/{id}/split - a customer's message becomes a new ticket, 201 with it (API token, tickets:write).
export const POST = apiRoute(API_V1.splitTicket, async ({ user, params, body }) =>
  json(await splitTicket(user.staff, params.id!, body), { status: 201 }),
);
