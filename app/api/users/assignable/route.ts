import { route } from "@/lib/http/server/route";
import { assignableUsers } from "@/lib/services/organizations/organizations";

// GET /api/users/assignable - active agents and admins of the caller's organisation.
export const GET = route({ permission: "tickets.assign" }, ({ user }) => assignableUsers(user));
