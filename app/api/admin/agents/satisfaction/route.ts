import { route } from "@/lib/http/server/route";
import { agentSatisfaction } from "@/lib/services/satisfaction/reports";

// GET /api/admin/agents/satisfaction - customer satisfaction per agent over the last 30 days (Admin > Agents).
export const GET = route({ permission: "admin.view" }, ({ user }) => agentSatisfaction(user));
