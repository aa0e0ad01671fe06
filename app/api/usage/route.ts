import { route } from "@/lib/http/server/route";
import { getUsage } from "@/lib/services/organizations/usage";

// GET /api/usage - ticket usage of the caller's organisation against its plan (staff only).
export const GET = route({ permission: "organization.usage" }, ({ user }) => getUsage(user.organizationId));
