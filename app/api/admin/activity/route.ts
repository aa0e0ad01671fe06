import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { activityQuerySchema } from "@/lib/schemas/admin";
import { listActivity } from "@/lib/services/admin";

// GET /api/admin/activity?cursor=&limit= - the organisation's audit trail, newest first, keyset-paged.
export const GET = route({ roles: ADMIN_ROLES, query: activityQuerySchema }, ({ user, query }) => listActivity(user, query));
