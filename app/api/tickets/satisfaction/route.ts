import { route } from "@/lib/http/server/route";
import { satisfactionSummary } from "@/lib/services/satisfaction/reports";

// GET /api/tickets/satisfaction - the organisation's customer satisfaction over the last 30 days (dashboard).
export const GET = route({ permission: "satisfaction.read" }, ({ user }) => satisfactionSummary(user));
