import { route } from "@/lib/http/server/route";
import { STAFF_ROLES } from "@/lib/roles";
import { assignableUsers } from "@/lib/services/organizations";

// GET /api/users/assignable - active agents and admins of the caller's organisation.
export const GET = route({ roles: STAFF_ROLES }, ({ user }) => assignableUsers(user));
