import { route } from "@/lib/http/server/route";
import { ADMIN_ROLES } from "@/lib/roles";
import { userStats } from "@/lib/services/users";

// GET /api/users/stats - total, active and inactive users of the organisation (User Management cards).
export const GET = route({ roles: ADMIN_ROLES }, ({ user }) => userStats(user));
