import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { SlaState, TicketListQuery } from "@/lib/schemas/tickets";
import { parseRangeBound, rangeEnd, rangeStart } from "@/lib/tickets/range-bounds";
import { CLOSED_WINDOW_MS, RECENT_WINDOW_MS, type View } from "@/lib/tickets/views";
import { doneSql, openSql } from "@/lib/tickets/statuses.mjs";
import { SLA_DUE_SQL } from "@/lib/services/tickets/order-sql.mjs";

const OPEN = Prisma.raw(openSql());
const DONE = Prisma.raw(doneSql());

function viewFilter(view: View | undefined, user: SessionUser, now: Date): Prisma.Sql {
  switch (view) {
    case "unassigned":
      return Prisma.sql`AND ${OPEN} AND "assignedToId" IS NULL`;
    case "my-open":
      return Prisma.sql`AND ${OPEN} AND "assignedToId" = ${user.id}`;
    case "my-groups":
      return Prisma.sql`AND ${OPEN} AND "groupId" IN (SELECT "groupId" FROM "GroupMember" WHERE "userId" = ${user.id})`;
    case "all-open":
      return Prisma.sql`AND ${OPEN}`;
    case "sla-risk":
      return Prisma.sql`AND ${OPEN} AND "slaRiskAt" <= ${now}`;
    case "recently-updated":
      return Prisma.sql`AND "updatedAt" >= ${new Date(now.getTime() - RECENT_WINDOW_MS)}`;
    case "closed":
      return Prisma.sql`AND ${DONE} AND "updatedAt" >= ${new Date(now.getTime() - CLOSED_WINDOW_MS)}`;
    default:
      return Prisma.empty;
  }
}

/**
 * The list's filters other than the search, the tag, the custom fields (list-rows.ts) and the
 * cursor, as conditions on "Ticket" after the caller's visibility: one place, so a saved view
 * counts exactly the tickets it lists.
 */
export function listFilter(user: SessionUser, query: TicketListQuery, now: Date): Prisma.Sql {
  const clock = { now, timeZone: query.timeZone ?? "UTC" };
  return Prisma.sql`${viewFilter(query.view, user, now)}
    ${query.status ? Prisma.sql`AND "status" = ${query.status}::"TicketStatus"` : Prisma.empty}
    ${query.priority ? Prisma.sql`AND "priority" = ${query.priority}::"TicketPriority"` : Prisma.empty}
    ${query.group ? Prisma.sql`AND "groupId" = ${query.group}` : Prisma.empty}
    ${query.company ? Prisma.sql`AND "companyId" = ${query.company}` : Prisma.empty}
    ${assigneeFilter(query.assignee)}
    ${slaFilter(query.sla, now)}
    ${rangeFilter("createdAt", query.createdFrom, query.createdTo, clock)}
    ${rangeFilter("updatedAt", query.updatedFrom, query.updatedTo, clock)}
    ${slaOutcomeFilter(query, clock)}`;
}

/**
 * A report's SLA figure's tickets: those with a target that ended so (met in time, or breached),
 * of the kind, policy and start asked for, as the report counts them (lib/services/reports/sla-outcomes.ts).
 */
function slaOutcomeFilter(query: TicketListQuery, clock: { now: Date; timeZone: string }): Prisma.Sql {
  const { slaOutcome, slaTarget, slaPolicy, slaFrom, slaTo } = query;
  if (!slaOutcome && !slaTarget && !slaPolicy && !slaFrom && !slaTo) return Prisma.empty;
  const outcome =
    slaOutcome === "met"
      ? Prisma.sql`AND g."metAt" IS NOT NULL AND g."breachedAt" IS NULL`
      : slaOutcome === "breached"
        ? Prisma.sql`AND g."breachedAt" IS NOT NULL`
        : Prisma.empty;
  const policy =
    slaPolicy === undefined
      ? Prisma.empty
      : slaPolicy === "default"
        ? Prisma.sql`AND g."slaPolicyId" IS NULL`
        : Prisma.sql`AND g."slaPolicyId" = ${slaPolicy}`;
  return Prisma.sql`AND EXISTS (SELECT 1 FROM "TicketSlaTarget" g
    WHERE g."ticketId" = "Ticket"."id" AND g."organizationId" = "Ticket"."organizationId" ${outcome} ${policy}
      ${slaTarget ? Prisma.sql`AND g."target" = ${slaTarget}` : Prisma.empty}
      ${rangeFilter(Prisma.sql`g."startedAt"`, slaFrom, slaTo, clock)})`;
}

function assigneeFilter(assignee: string | undefined): Prisma.Sql {
  if (assignee === undefined) return Prisma.empty;
  return assignee === "none" ? Prisma.sql`AND "assignedToId" IS NULL` : Prisma.sql`AND "assignedToId" = ${assignee}`;
}

/** The clocks that run: open and in progress (a pending ticket's stand still, a done one's are over). */
const RUNNING = Prisma.raw(`"status" IN ('open', 'in_progress')`);
const SLA_DUE = Prisma.raw(SLA_DUE_SQL);

/**
 * The list badge's rule in SQL (slaSummary): breached once the soonest running target is due,
 * at risk from the stored at-risk time until then.
 */
function slaFilter(sla: SlaState | undefined, now: Date): Prisma.Sql {
  switch (sla) {
    case "breached":
      // A missed target was at risk before it was due: the at-risk time bounds the rows read
      // through the ("organizationId", "status", "slaRiskAt") index, as for the SLA risk queue.
      return Prisma.sql`AND ${RUNNING} AND "slaRiskAt" <= ${now} AND ${SLA_DUE} <= ${now}`;
    case "at_risk":
      return Prisma.sql`AND ${RUNNING} AND "slaRiskAt" <= ${now} AND ${SLA_DUE} > ${now}`;
    default:
      return Prisma.empty;
  }
}

/**
 * A created or updated range: from its first moment, up to (not including) the moment after its
 * end, each bound placed on the clock the list is read at (a time ago, today) and in the
 * organisation's zone (a day).
 */
function rangeFilter(
  column: "createdAt" | "updatedAt" | Prisma.Sql,
  from: string | undefined,
  to: string | undefined,
  clock: { now: Date; timeZone: string },
): Prisma.Sql {
  const col = typeof column === "string" ? Prisma.raw(`"${column}"`) : column;
  const start = from ? parseRangeBound(from) : null;
  const end = to ? parseRangeBound(to) : null;
  return Prisma.sql`${start ? Prisma.sql`AND ${col} >= ${rangeStart(start, clock)}` : Prisma.empty}
    ${end ? Prisma.sql`AND ${col} < ${rangeEnd(end, clock)}` : Prisma.empty}`;
}
