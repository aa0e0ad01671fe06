import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import {
  COMPANY_PEOPLE_SHOWN,
  COMPANY_TICKETS_SHOWN,
  type CompanyDetail,
  type CompanyListItem,
  type CompanyPerson,
  type CompanyTicket,
} from "@/lib/schemas/companies";
import { openSql } from "@/lib/tickets/statuses.mjs";
import { COMPANY_NOT_FOUND, COMPANY_SELECT } from "@/lib/services/companies/write";

const OPEN = Prisma.raw(openSql());
const LIST_MAX = 200;

/** Settings > Companies: by name, searched in the name and the domains; with their counts. */
export async function listCompanies(user: SessionUser, q?: string): Promise<{ companies: CompanyListItem[] }> {
  const search = q
    ? Prisma.sql`AND (strpos(lower(c."name"), lower(${q})) > 0
        OR EXISTS (SELECT 1 FROM unnest(c."domains") d WHERE strpos(d, lower(${q})) > 0))`
    : Prisma.empty;
  const companies = await queryRows<CompanyListItem>(Prisma.sql`
    SELECT c."id", c."name", c."domains", c."notes", c."createdAt", c."updatedAt",
      (SELECT count(*)::int FROM "CompanyMember" m WHERE m."companyId" = c."id") AS "members",
      (SELECT count(*)::int FROM "Ticket" t WHERE t."organizationId" = c."organizationId" AND t."companyId" = c."id") AS "tickets",
      (SELECT count(*)::int FROM "Ticket" t WHERE t."organizationId" = c."organizationId" AND t."companyId" = c."id" AND ${OPEN}) AS "openTickets"
    FROM "Company" c
    WHERE c."organizationId" = ${user.organizationId} ${search}
    ORDER BY lower(c."name"), c."id"
    LIMIT ${LIST_MAX}`);
  return { companies };
}

/** The company's people: addresses on its tickets and those added by hand, most tickets first. */
function peopleOf(organizationId: string, companyId: string, except: string | null, limit: number) {
  return queryRows<CompanyPerson>(Prisma.sql`
    WITH seen AS (
      SELECT "customerEmail" AS "email", count(*)::int AS "tickets",
        (array_agg("customerName" ORDER BY "updatedAt" DESC))[1] AS "name"
      FROM "Ticket" WHERE "organizationId" = ${organizationId} AND "companyId" = ${companyId}
      GROUP BY "customerEmail"
    )
    SELECT coalesce(s."email", m."email") AS "email", s."name", coalesce(s."tickets", 0) AS "tickets",
      m."email" IS NOT NULL AS "addedByHand"
    FROM seen s FULL JOIN (SELECT "email" FROM "CompanyMember" WHERE "companyId" = ${companyId}) m ON m."email" = s."email"
    WHERE coalesce(s."email", m."email") IS DISTINCT FROM ${except}
    ORDER BY coalesce(s."tickets", 0) DESC, 1
    LIMIT ${limit}`);
}

function ticketsOf(organizationId: string, companyId: string, except: string | null) {
  return queryRows<CompanyTicket>(Prisma.sql`
    SELECT "id", "ticketNumber", "subject", "status"::text AS "status", "customerEmail", "updatedAt"
    FROM "Ticket" WHERE "organizationId" = ${organizationId} AND "companyId" = ${companyId}
      AND "id" IS DISTINCT FROM ${except}
    ORDER BY "updatedAt" DESC LIMIT ${COMPANY_TICKETS_SHOWN}`);
}

async function countsOf(organizationId: string, companyId: string) {
  const [row] = await queryRows<{ total: number; open: number }>(Prisma.sql`
    SELECT count(*)::int AS "total", (count(*) FILTER (WHERE ${OPEN}))::int AS "open"
    FROM "Ticket" WHERE "organizationId" = ${organizationId} AND "companyId" = ${companyId}`);
  return row!;
}

/** A company with its people, hand-added addresses and latest tickets (another organisation's is a 404). */
export async function companyDetail(user: SessionUser, id: string): Promise<CompanyDetail> {
  const company = await db.company.findFirst({
    where: { id, organizationId: user.organizationId },
    select: {
      ...COMPANY_SELECT,
      members: { select: { id: true, email: true, createdAt: true }, orderBy: { email: "asc" } },
    },
  });
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  const [people, recentTickets, counts] = await Promise.all([
    peopleOf(user.organizationId, id, null, COMPANY_PEOPLE_SHOWN),
    ticketsOf(user.organizationId, id, null),
    countsOf(user.organizationId, id),
  ]);
  return { ...company, people, recentTickets, totalTickets: counts.total, openTickets: counts.open };
}
