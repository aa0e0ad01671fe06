import { route } from "@/lib/http/server/route";
import { queueCounts } from "@/lib/services/tickets/counts";

// GET /api/tickets/counts - the sidebar queue counts in one aggregate query.
export const GET = route({}, ({ user }) => queueCounts(user));
