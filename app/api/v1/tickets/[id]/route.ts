import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { apiTicketDetail, updateApiTicket } from "@/lib/services/api/tickets";

// GET /api/v1/tickets/{id} - one ticket of the organisation (API token, tickets:read).
export const GET = apiRoute(API_V1.getTicket, ({ user, params }) => apiTicketDetail(user, params.id!));

// PATCH /api/v1/tickets/{id} - change its fields and tags in one transaction (API token, tickets:write).
export const PATCH = apiRoute(API_V1.updateTicket, ({ user, params, body }) => updateApiTicket(user, params.id!, body));
