import { apiList } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listApiUsers } from "@/lib/services/users/api-users";

// GET /api/v1/users - the organisation's team, a page at a time (API token, users:read).
export const GET = apiRoute(API_V1.listUsers, async ({ req, user, query }) => {
  const { users, nextCursor } = await listApiUsers(user.staff, query);
  return apiList(req, users, nextCursor);
});
