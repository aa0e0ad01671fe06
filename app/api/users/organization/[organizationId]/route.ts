import { route } from "@/lib/http/server/route";
import { teamMembers } from "@/lib/services/users/users";

// GET /api/users/organization/{organizationId} - the organisation's agents and admins (admins only).
export const GET = route({ permission: "team.read" }, ({ user, params }) => teamMembers(user, params.organizationId!));
