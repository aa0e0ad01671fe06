import { apiPage } from "@/lib/http/server/api-page";
import { json } from "@/lib/http/server/respond";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { createApiTicket } from "@/lib/services/api/tickets";
import { listTickets } from "@/lib/services/tickets/list";

// GET /api/v1/tickets - the organisation's tickets, a page at a time (API token, tickets:read).
export const GET = apiRoute(API_V1.listTickets, async ({ req, user, query }) => {
  const { tickets, nextCursor } = await listTickets(user.staff, query);
  return apiPage(req, tickets, nextCursor);
});

// POST /api/v1/tickets - a new ticket as the team, by the entrance api (API token, tickets:write).
export const POST = apiRoute(API_V1.createTicket, async ({ user, body }) =>
  json(await createApiTicket(user, body), { status: 201 }),
);
