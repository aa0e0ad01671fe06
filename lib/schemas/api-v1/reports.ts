import { reportQuerySchema } from "../reports";
import { z } from "../zod";
import type { ApiOperation } from "./common";

/** The CSV a report's tickets come as: its header and one ticket, as a spreadsheet opens it. */
const ticketsCsvSchema = z
  .string()
  .describe(
    "CSV (RFC 4180, UTF-8, CRLF): a header row, then one row per ticket created in the range, oldest first; custom fields are the last columns, under their labels. A cell that would start a spreadsheet formula (=, +, -, @, tab, CR) starts with an apostrophe.",
  )
  .meta({
    examples: [
      "Number,Subject,Status,Priority,Group,Assignee,Customer,Customer email,Company,Entrance,Tags,Created,First response,Solved,First response minutes,First response business minutes,Resolution minutes,Resolution business minutes,Agent replies,Reopened,One-touch,SLA,Rating,Plan\r\n1042,Printer on fire,resolved,high,Billing,Alex Agent,Casey Customer,casey@example.com,Acme,email,vip,2026-11-02T15:00:00.000Z,2026-11-02T15:10:00.000Z,2026-11-02T16:40:00.000Z,10,10,100,100,1,0,yes,met,good,Pro\r\n",
    ],
  });

/** The calls on reports. */
export const REPORT_OPERATIONS = {
  exportReportTickets: {
    method: "GET",
    path: "/api/v1/reports/tickets.csv",
    operationId: "exportReportTickets",
    summary:
      "The tickets created in a range (whole days in the organisation's time zone, at most 366), one CSV row each with their report figures, streamed; filtered as the reports are.",
    scope: "tickets:read",
    query: reportQuerySchema,
    exampleQuery: { from: "2026-11-01", to: "2026-11-30" },
    response: ticketsCsvSchema,
    produces: "text/csv",
  },
} as const satisfies Record<string, ApiOperation>;
