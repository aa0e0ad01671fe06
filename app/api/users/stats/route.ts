import { route } from "@/lib/http/server/route";
import { userStats } from "@/lib/services/users/users";

// GET /api/users/stats - total, active and inactive users of the organisation (User Management cards).
export const GET = route({ permission: "users.manage" }, ({ user }) => userStats(user));
