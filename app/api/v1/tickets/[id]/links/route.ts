import { json } from "@/lib/http/server/respond";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { linkTickets } from "@/lib/services/tickets/links";
import { ticketRelations } from "@/lib/services/tickets/pane";

// GET /api/v1/tickets/{id}/links - merged into, merged and related tickets (API token, tickets:read).
export const GET = apiRoute(API_V1.listTicketLinks, ({ user, params }) => ticketRelations(user.staff, params.id!));

// POST /api/v1/tickets/{id}/links - mark ticket `ticketId` as related, shown on both (API token, tickets:write).
export const POST = apiRoute(API_V1.linkTicket, async ({ user, params, body }) =>
  json(await linkTickets(user.staff, params.id!, body.ticketId), { status: 201 }),
);
