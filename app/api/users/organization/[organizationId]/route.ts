import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { teamMembers } from "@/lib/services/users";

// GET /api/users/organization/{organizationId} - the organisation's agents and admins (admins only).
export const GET = route({ roles: ADMIN_ROLES }, ({ user, params }) => teamMembers(user, params.organizationId!));
