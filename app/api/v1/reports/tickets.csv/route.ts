import { csvResponse } from "@/lib/http/server/csv-response";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { csvFileName, ticketsCsv } from "@/lib/services/reports/tickets-csv";

// GET /api/v1/reports/tickets.csv?from=&to=&<filters> - the organisation's tickets of a range as CSV, streamed (API token, tickets:read).
export const GET = apiRoute(API_V1.exportReportTickets, async ({ user, query }) =>
  csvResponse(await ticketsCsv(user.staff, query), csvFileName(query)),
);
