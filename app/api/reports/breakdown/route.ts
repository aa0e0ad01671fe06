import { route } from "@/lib/http/server/route";
import { reportBreakdownQuerySchema } from "@/lib/schemas/reports-charts";
import { reportBreakdown } from "@/lib/services/reports/breakdown";

// GET /api/reports/breakdown?by=group|agent|tag|entrance|priority|company&from=&to=&<filters> - the range's figures per row.
export const GET = route({ permission: "reports.read", query: reportBreakdownQuerySchema }, ({ user, query }) =>
  reportBreakdown(user, query),
);
