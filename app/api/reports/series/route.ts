import { route } from "@/lib/http/server/route";
import { reportSeriesQuerySchema } from "@/lib/schemas/reports-charts";
import { reportSeries } from "@/lib/services/reports/series";

// GET /api/reports/series?from=&to=&interval=day|week&<filters> - created, solved, reopened, backlog and the medians per day or week.
export const GET = route({ permission: "reports.read", query: reportSeriesQuerySchema }, ({ user, query }) =>
  reportSeries(user, query),
);
