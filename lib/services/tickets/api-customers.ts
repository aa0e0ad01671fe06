import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { openSql } from "@/lib/tickets/statuses.mjs";

/**
 * A customer as the public API lists them: an address the organisation has had tickets from,
 * named as on their latest ticket, with the counts the customer panel shows.
 */
export type ApiCustomer = {
  email: string;
  name: string;
  totalTickets: number;
  openTickets: number;
  firstContactAt: Date;
  lastActivityAt: Date;
};

const OPEN = Prisma.raw(openSql());

/** A page's cursor is the last address it listed (the list is in address order). */
const cursorOf = (email: string) => Buffer.from(email).toString("base64url");

function addressAfter(cursor: string): string {
  const email = Buffer.from(cursor, "base64url").toString("utf8");
  if (!email.includes("@")) throw badRequest("Invalid cursor");
  return email;
}

/**
 * The organisation's customers in address order, a page at a time, or the one with `email`.
 * Customers are not rows of their own but the addresses on tickets: the addresses are walked
 * one index step each on the (organisation, customer email, last activity) index, so a page
 * costs its customers' tickets, never the organisation's. Tickets logged without an address
 * (the placeholder) are nobody's.
 */
export async function listApiCustomers(
  user: SessionUser,
  query: { limit: number; cursor?: string; email?: string },
): Promise<{ customers: ApiCustomer[]; nextCursor: string | null }> {
  const org = user.organizationId;
  // The placeholder is stepped onto and left out after: a step that skipped it would read every
  // ticket logged without an address on its way past them.
  const next = (after: Prisma.Sql) => Prisma.sql`
    SELECT "customerEmail" FROM "Ticket" WHERE "organizationId" = ${org} AND "customerEmail" > ${after}
    ORDER BY "customerEmail" LIMIT 1`;
  const addresses =
    query.email !== undefined
      ? Prisma.sql`SELECT ${query.email}::text AS email WHERE ${query.email} <> ${PLACEHOLDER_CUSTOMER_EMAIL}`
      : Prisma.sql`
        WITH RECURSIVE walk(email) AS (
          (${next(Prisma.sql`${query.cursor ? addressAfter(query.cursor) : ""}`)})
          UNION ALL
          SELECT (${next(Prisma.sql`walk.email`)}) FROM walk WHERE walk.email IS NOT NULL
        )
        SELECT email FROM walk WHERE email IS NOT NULL AND email <> ${PLACEHOLDER_CUSTOMER_EMAIL}
        LIMIT ${query.limit + 1}`;
  const rows = await queryRows<ApiCustomer>(Prisma.sql`
    SELECT a.email, c.*
    FROM (${addresses}) a
    CROSS JOIN LATERAL (
      SELECT (array_agg("customerName" ORDER BY "updatedAt" DESC))[1] AS "name",
        count(*)::int AS "totalTickets", (count(*) FILTER (WHERE ${OPEN}))::int AS "openTickets",
        min("createdAt") AS "firstContactAt", max("updatedAt") AS "lastActivityAt"
      FROM "Ticket" WHERE "organizationId" = ${org} AND "customerEmail" = a.email
    ) c
    WHERE c."totalTickets" > 0
    ORDER BY a.email`);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { customers: page, nextCursor: rows.length > query.limit && last ? cursorOf(last.email) : null };
}
