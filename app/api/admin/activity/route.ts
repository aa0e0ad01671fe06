import { route } from "@/lib/http/server/route";
import { activityQuerySchema } from "@/lib/schemas/admin";
import { listActivity } from "@/lib/services/organizations/admin";

// GET /api/admin/activity?cursor=&limit= - the organisation's audit trail, newest first, keyset-paged.
export const GET = route({ permission: "admin.view", query: activityQuerySchema }, ({ user, query }) =>
  listActivity(user, query),
);
