import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { listAgents } from "@/lib/services/admin";

// GET /api/admin/agents - the organisation's agents and admins with open and assigned ticket counts.
export const GET = route({ roles: ADMIN_ROLES }, ({ user }) => listAgents(user));
