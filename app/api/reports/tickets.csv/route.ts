import { route } from "@/lib/http/server/route";
import { reportQuerySchema } from "@/lib/schemas/reports";
import { csvResponse } from "@/lib/http/server/csv-response";
import { csvFileName, ticketsCsv } from "@/lib/services/reports/tickets-csv";

// GET /api/reports/tickets.csv?from=&to=&<filters> - one CSV row per ticket created in the range, streamed (admins: the organisation, agents: their own tickets).
export const GET = route({ permission: "reports.read", query: reportQuerySchema }, async ({ user, query }) =>
  csvResponse(await ticketsCsv(user, query), csvFileName(query)),
);
