import { apiList } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listRatings } from "@/lib/services/satisfaction/api-ratings";

// GET /api/v1/ratings - the organisation's satisfaction ratings, newest first, a page at a time (API token, ratings:read).
export const GET = apiRoute(API_V1.listRatings, async ({ req, user, query }) => {
  const { ratings, nextCursor } = await listRatings(user.staff, query);
  return apiList(req, ratings, nextCursor);
});
