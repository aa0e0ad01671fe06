import { apiList } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listApiCustomers } from "@/lib/services/tickets/api-customers";

// GET /api/v1/customers - the organisation's customers in address order, a page at a time (API token, customers:read).
export const GET = apiRoute(API_V1.listCustomers, async ({ req, user, query }) => {
  const { customers, nextCursor } = await listApiCustomers(user.staff, query);
  return apiList(req, customers, nextCursor);
});
