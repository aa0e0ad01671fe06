import { route } from "@/lib/http/server/route";
import { twoFactorStatus } from "@/lib/services/users/two-factor";

// GET /api/users/two-factor - whether the signed-in user's second factor is on, pending, and how many recovery codes are left.
export const GET = route({ duringEnrolment: true }, ({ user }) => twoFactorStatus(user));
