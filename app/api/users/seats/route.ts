import { route } from "@/lib/http/server/route";
import { seatSummary } from "@/lib/services/users/seats";

// GET /api/users/seats - agent seats in use, live invitations and the plan's limit (UNLIMITED when it has none); staff only.
export const GET = route({ permission: "organization.usage" }, ({ user }) => seatSummary(user.organizationId));
