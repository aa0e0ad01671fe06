import { route } from "@/lib/http/server/route";
import { seatSummary } from "@/lib/services/seats";

// GET /api/users/seats - agent seats in use, live invitations and the plan's limit (UNLIMITED when it has none).
export const GET = route({}, ({ user }) => seatSummary(user.organizationId));
