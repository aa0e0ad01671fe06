import { apiList } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listGroups } from "@/lib/services/groups/groups";

// GET /api/v1/groups - all the organisation's groups with their members, in one page (API token, groups:read).
export const GET = apiRoute(API_V1.listGroups, async ({ req, user }) =>
  apiList(req, (await listGroups(user.staff)).groups),
);
