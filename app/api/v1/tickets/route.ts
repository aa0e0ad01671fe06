import { apiPage } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listTickets } from "@/lib/services/tickets/list";

// GET /api/v1/tickets - the organisation's tickets, a page at a time (API token, tickets:read).
export const GET = apiRoute(API_V1.listTickets, async ({ req, user, query }) => {
  const { tickets, nextCursor } = await listTickets(user.staff, query);
  return apiPage(req, tickets, nextCursor);
});
