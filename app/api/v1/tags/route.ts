import { apiList } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listAllTags } from "@/lib/services/tickets/tag-list";

// GET /api/v1/tags - all the organisation's tags, in one page (API token, tags:read).
export const GET = apiRoute(API_V1.listTags, async ({ req, user }) => apiList(req, await listAllTags(user.staff)));
