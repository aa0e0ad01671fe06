import { route } from "@/lib/http/server/route";
import { reportQuerySchema } from "@/lib/schemas/reports";
import { reportSummary } from "@/lib/services/reports/summary";

// GET /api/reports/summary?from=&to=&<filters> - a range's figures beside the period before (admins: the organisation, agents: their own tickets).
export const GET = route({ permission: "reports.read", query: reportQuerySchema }, ({ user, query }) =>
  reportSummary(user, query),
);
