import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { csvRow, type CsvValue } from "@/lib/reports/csv";
import { tableFileName } from "@/lib/reports/table-csv";
import { isFieldRef } from "@/lib/schemas/fields-custom";
import type { ReportQuery } from "@/lib/schemas/reports";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { fieldsOf } from "@/lib/services/fields/definitions";
import { reportScope, type ReportScope } from "./scope";

/** Tickets read per statement: a page small enough to hold, large enough that a year is a few hundred reads. */
export const CSV_PAGE = 1_000;

type CsvTicket = {
  id: string;
  ticketNumber: number;
  subject: string;
  status: string;
  priority: string;
  groupName: string | null;
  assigneeName: string | null;
  customerName: string;
  customerEmail: string;
  companyName: string | null;
  entrance: string | null;
  tags: string | null;
  createdAt: Date;
  firstRespondedAt: Date | null;
  solvedAt: Date | null;
  firstResponseMinutes: number | null;
  firstResponseBusinessMinutes: number | null;
  resolutionMinutes: number | null;
  resolutionBusinessMinutes: number | null;
  agentReplies: number;
  reopenCount: number;
  sla: string | null;
  rating: string | null;
  customFields: Record<string, unknown>;
};

const HEADER = [
  "Number",
  "Subject",
  "Status",
  "Priority",
  "Group",
  "Assignee",
  "Customer",
  "Customer email",
  "Company",
  "Entrance",
  "Tags",
  "Created",
  "First response",
  "Solved",
  "First response minutes",
  "First response business minutes",
  "Resolution minutes",
  "Resolution business minutes",
  "Agent replies",
  "Reopened",
  "One-touch",
  "SLA",
  "Rating",
];

/**
 * One page of the range's tickets after the last one sent, oldest first: the index on the
 * organisation's creation order (created newest first, then id) read backwards, so tickets
 * created in the same millisecond come highest id first. The SLA outcome reads the ticket's own targets:
 * breached when one was, met when all were met in time, running while one runs.
 */
function pageSql({ organizationId, filter, period }: ReportScope, after: { createdAt: Date; id: string } | null) {
  const from = after
    ? Prisma.sql`AND t."createdAt" >= ${after.createdAt} AND (t."createdAt" > ${after.createdAt} OR t."id" < ${after.id})`
    : Prisma.sql`AND t."createdAt" >= ${period.start}`;
  return Prisma.sql`
    SELECT t."id", t."ticketNumber", t."subject", t."status"::text AS "status", t."priority"::text AS "priority",
      g."name" AS "groupName", u."fullName" AS "assigneeName", t."customerName", t."customerEmail",
      c."name" AS "companyName", t."entrance",
      (SELECT string_agg(tag."name", ', ' ORDER BY tag."name") FROM "Tag" tag
        WHERE tag."organizationId" = t."organizationId" AND tag."id" = ANY (t."tagIds")) AS "tags",
      t."createdAt", t."firstRespondedAt", t."solvedAt", t."firstResponseMinutes", t."firstResponseBusinessMinutes",
      t."resolutionMinutes", t."resolutionBusinessMinutes", t."agentReplies", t."reopenCount",
      (SELECT CASE WHEN bool_or(s."breachedAt" IS NOT NULL) THEN 'breached'
          WHEN bool_and(s."metAt" IS NOT NULL) THEN 'met' ELSE 'running' END
        FROM "TicketSlaTarget" s WHERE s."ticketId" = t."id") AS "sla",
      r."score"::text AS "rating", t."customFields"
    FROM "Ticket" t
      LEFT JOIN "Group" g ON g."id" = t."groupId"
      LEFT JOIN "User" u ON u."id" = t."assignedToId"
      LEFT JOIN "Company" c ON c."id" = t."companyId"
      LEFT JOIN "SatisfactionRating" r ON r."ticketId" = t."id"
    WHERE t."organizationId" = ${organizationId} ${from} AND t."createdAt" < ${period.end} ${filter}
    ORDER BY t."createdAt", t."id" DESC
    LIMIT ${CSV_PAGE}`;
}

/** A custom field's value as a cell: a multi-select's options joined, the rest as they are. */
const fieldCell = (value: unknown): CsvValue => (Array.isArray(value) ? value.join(", ") : (value as CsvValue));

function ticketRow(t: CsvTicket, fieldKeys: string[]): string {
  const oneTouch = t.solvedAt !== null && t.reopenCount === 0 && t.agentReplies === 1;
  return csvRow([
    t.ticketNumber,
    t.subject,
    t.status,
    t.priority,
    t.groupName,
    t.assigneeName,
    t.customerName,
    t.customerEmail,
    t.companyName,
    t.entrance,
    t.tags,
    t.createdAt,
    t.firstRespondedAt,
    t.solvedAt,
    t.firstResponseMinutes,
    t.firstResponseBusinessMinutes,
    t.resolutionMinutes,
    t.resolutionBusinessMinutes,
    t.agentReplies,
    t.reopenCount,
    oneTouch,
    t.sla,
    t.rating,
    ...fieldKeys.map((key) => fieldCell(t.customFields[key])),
  ]);
}

/** The report's filters that name the file, in this order (businessHours changes no row). */
const FILTERS = new Set(["group", "agent", "priority", "tag", "entrance", "company"]);

/** The file's name: the range, then each filter as name and value (`tickets-2026-11-01-to-2026-11-30-priority-urgent.csv`). */
export const csvFileName = (query: ReportQuery): string =>
  tableFileName(
    "tickets",
    query,
    Object.fromEntries(
      Object.entries(query).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" && (FILTERS.has(entry[0]) || isFieldRef(entry[0])),
      ),
    ),
  );

/**
 * The range's tickets as CSV, one row per ticket created in it (the summary's filters and scope:
 * an agent's are their own), streamed a page at a time so that a year of a large organisation is
 * never held in memory: the next page is read only when the client has taken the last.
 */
export async function ticketsCsv(user: SessionUser, query: ReportQuery): Promise<ReadableStream<Uint8Array>> {
  const [scope, fields] = await Promise.all([reportScope(user, query), fieldsOf(db, user.organizationId)]);
  const fieldKeys = fields.map((f) => f.key);
  const encoder = new TextEncoder();
  let after: { createdAt: Date; id: string } | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow([...HEADER, ...fields.map((f) => f.label)])));
    },
    async pull(controller) {
      if (done) return controller.close();
      const rows = await queryRows<CsvTicket>(pageSql(scope, after));
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(rows.map((t) => ticketRow(t, fieldKeys)).join("")));
        const last = rows.at(-1)!;
        after = { createdAt: last.createdAt, id: last.id };
      }
      if (rows.length < CSV_PAGE) {
        done = true;
        controller.close();
      }
    },
  });
}
