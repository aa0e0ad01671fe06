import { route } from "@/lib/http/server/route";
import { reportQuerySchema } from "@/lib/schemas/reports";
import { reportHeatmap } from "@/lib/services/reports/heatmap";

// GET /api/reports/heatmap?from=&to=&<filters> - tickets created by local day of the week and hour.
export const GET = route({ permission: "reports.read", query: reportQuerySchema }, ({ user, query }) =>
  reportHeatmap(user, query),
);
