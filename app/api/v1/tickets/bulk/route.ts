import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { bulkUpdateApiTickets } from "@/lib/services/api/tickets";

// POST /api/v1/tickets/bulk - one change to up to 100 tickets, all or nothing (API token, tickets:write).
export const POST = apiRoute(API_V1.bulkUpdateTickets, ({ user, body }) => bulkUpdateApiTickets(user, body));
