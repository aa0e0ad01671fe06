import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { can } from "@/lib/permissions/table";
import type { ReportQuery } from "@/lib/schemas/reports";
import type { SessionUser } from "@/lib/schemas/session-user";
import { fieldFilterSql, resolveFieldFilters } from "@/lib/services/fields/list-filter";
import { organizationTimeZone } from "@/lib/services/sla/calendars";
import { findTagId } from "@/lib/services/tickets/tags";
import { DAY_MS, fromWall } from "@/lib/sla/time-zone";

/** A half-open range of instants [start, end). */
export type Period = { start: Date; end: Date };

/**
 * What every report reads: the organisation, its time zone, the range asked for and the as many
 * days just before it, and the tickets' filter as SQL on the ticket aliased `t` (dates aside),
 * so that the summary, the CSV and any breakdown (GROUP BY on the same filter) count the same
 * tickets.
 */
export type ReportScope = {
  organizationId: string;
  timeZone: string;
  period: Period;
  previous: Period;
  filter: Prisma.Sql;
  businessHours: boolean;
};

/**
 * The report's filter on a table whose rows name a ticket (`<alias>."ticketId"`) and carry the
 * organisation (SLA targets, ratings, next responses): their tickets are read only to filter them.
 */
export function filteredTickets({ organizationId, filter }: ReportScope, alias: string): Prisma.Sql {
  return filter === Prisma.empty
    ? Prisma.empty
    : Prisma.sql`AND EXISTS (SELECT 1 FROM "Ticket" t WHERE t."id" = ${Prisma.raw(`${alias}."ticketId"`)}
        AND t."organizationId" = ${organizationId} ${filter})`;
}

/** Local midnight of a YYYY-MM-DD day in the zone, as an instant. */
export const dayStart = (timeZone: string, date: string) => new Date(fromWall(timeZone, Date.parse(date)));

/**
 * Whole days in the zone, `to` included, and the period of as many days just before. Each bound
 * is a local midnight, so a range across a change of summer time is a few hours shorter or longer.
 */
export function reportPeriods(timeZone: string, from: string, to: string): { period: Period; previous: Period } {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  const at = (offsetDays: number) => new Date(fromWall(timeZone, Date.parse(from) + offsetDays * DAY_MS));
  return { period: { start: at(0), end: at(days) }, previous: { start: at(-days), end: at(0) } };
}

/**
 * The filters as SQL on `t`. An admin's report is the organisation's, and an API token's (an admin
 * made it, on the plan with the API); anyone else with reports (an agent) sees only the tickets
 * assigned to them, whatever `agent` they sent. An unknown tag matches nothing, as an unknown
 * group, agent or company does.
 */
async function ticketFilter(user: SessionUser, query: ReportQuery): Promise<Prisma.Sql> {
  const agent = can(user, "reports.read_all") || user.apiToken ? query.agent : user.id;
  const tagId = query.tag === undefined ? undefined : await findTagId(user.organizationId, query.tag);
  const fields = await resolveFieldFilters(user, query);
  const parts: Prisma.Sql[] = [];
  if (query.group !== undefined) parts.push(Prisma.sql`AND t."groupId" = ${query.group}`);
  if (agent !== undefined) parts.push(Prisma.sql`AND t."assignedToId" = ${agent}`);
  if (query.priority !== undefined) parts.push(Prisma.sql`AND t."priority" = ${query.priority}::"TicketPriority"`);
  if (tagId !== undefined)
    parts.push(tagId === null ? Prisma.sql`AND false` : Prisma.sql`AND t."tagIds" @> ARRAY[${tagId}]::text[]`);
  if (query.entrance !== undefined) parts.push(Prisma.sql`AND t."entrance" = ${query.entrance}`);
  if (query.company !== undefined) parts.push(Prisma.sql`AND t."companyId" = ${query.company}`);
  if (fields) parts.push(fieldFilterSql(fields));
  return parts.length === 0 ? Prisma.empty : Prisma.join(parts, " ");
}

export async function reportScope(user: SessionUser, query: ReportQuery): Promise<ReportScope> {
  const [timeZone, filter] = await Promise.all([organizationTimeZone(user.organizationId), ticketFilter(user, query)]);
  return {
    organizationId: user.organizationId,
    timeZone,
    ...reportPeriods(timeZone, query.from, query.to),
    filter,
    businessHours: query.businessHours === "true",
  };
}
