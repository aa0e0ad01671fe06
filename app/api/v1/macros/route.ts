import { apiList } from "@/lib/http/server/api-page";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { listMacros } from "@/lib/services/replies/macros";

// GET /api/v1/macros - all the organisation's macros, in one page (API token, macros:read).
export const GET = apiRoute(API_V1.listMacros, async ({ req, user }) =>
  apiList(req, (await listMacros(user.staff)).macros),
);
