import { route } from "@/lib/http/server/route";
import { listAgents } from "@/lib/services/organizations/admin";

// GET /api/admin/agents - the organisation's agents and admins with open and assigned ticket counts.
export const GET = route({ permission: "admin.view" }, ({ user }) => listAgents(user));
