import { route } from "@/lib/http/server/route";
import { kbInsights } from "@/lib/services/kb/insights";

// GET /api/kb/insights - the help center's last 30 days: searches without a result, most viewed, helpful, deflections (staff).
export const GET = route({ permission: "kb.read" }, ({ user }) => kbInsights(user));
