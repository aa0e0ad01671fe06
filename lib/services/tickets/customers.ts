import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";
import {
  CUSTOMER_PANEL_TICKETS,
  type CustomerMatch,
  type CustomerSummary,
  type CustomerTicket,
} from "@/lib/schemas/customers";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { searchWords } from "@/lib/tickets/search-words";
import { openSql } from "@/lib/tickets/statuses.mjs";
import { searchTextHolds } from "@/lib/services/tickets/search-sql";
import { findVisibleTicket, type VisibleTicket } from "@/lib/services/tickets/access";

const OPEN = Prisma.raw(openSql());

/**
 * The customer of a ticket (the caller's organisation only; another tenant's ticket is a 404):
 * counts and first contact, and their latest other tickets. Every read is a range of the
 * (organisation, customer email, last activity) index, whatever the size of the organisation.
 */
export async function customerSummary(user: SessionUser, ticketId: string): Promise<CustomerSummary> {
  return customerSummaryOf(user, await findVisibleTicket(user, ticketId));
}

/** The same for a ticket already found visible to the caller. */
export async function customerSummaryOf(user: SessionUser, ticket: VisibleTicket): Promise<CustomerSummary> {
  if (ticket.customerEmail === PLACEHOLDER_CUSTOMER_EMAIL) return toCustomerSummary(ticket, null);
  const scope = Prisma.sql`"organizationId" = ${user.organizationId} AND "customerEmail" = ${ticket.customerEmail}`;
  const [[counts], otherTickets] = await Promise.all([
    queryRows<{ total: number; open: number; first: Date | null }>(Prisma.sql`
      SELECT count(*) AS total, count(*) FILTER (WHERE ${OPEN}) AS open, min("createdAt") AS first
      FROM "Ticket" WHERE ${scope}`),
    queryRows<CustomerTicket>(Prisma.sql`
      SELECT "id", "ticketNumber", "subject", "status"::text AS "status", "updatedAt"
      FROM "Ticket" WHERE ${scope} AND "id" <> ${ticket.id}
      ORDER BY "updatedAt" DESC LIMIT ${CUSTOMER_PANEL_TICKETS}`),
  ]);
  return toCustomerSummary(ticket, { ...counts!, otherTickets });
}

type CustomerCounts<D> = { total: bigint | number; open: bigint | number; first: D | null };

/**
 * The panel from the customer's counts and other tickets; a ticket without a known address
 * (`null`: the placeholder) has no history to show.
 */
export function toCustomerSummary<D extends Date | string, Other>(
  ticket: { customerName: string; customerEmail: string; createdAt: D },
  found: (CustomerCounts<D> & { otherTickets: Other[] }) | null,
) {
  const base = { name: ticket.customerName, email: ticket.customerEmail };
  if (!found) return { ...base, known: false, firstContactAt: null, totalTickets: 1, openTickets: 0, otherTickets: [] };
  return {
    ...base,
    known: true,
    firstContactAt: found.first ?? ticket.createdAt,
    totalTickets: Number(found.total),
    openTickets: Number(found.open),
    otherTickets: found.otherTickets,
  };
}

/**
 * Customers whose name or address contains the search, for the new-ticket picker: one row per
 * address, named as on their latest ticket. Both fields are tested with `strpos` on their
 * lowercased text, ILIKE's rule.
 *
 * A search with three letters or digits in a row takes its candidates from the organisation's own
 * search index (the ticket search's: the address and the name are in "searchText"), at most 500
 * matching tickets, plenty for eight suggestions. Indexes of the two fields alone would hold every
 * organisation's tickets and take entries on nearly every ticket write. The price: a word common
 * in the tickets' text and in no customer's details reads every ticket of the organisation that
 * has it ("the" in a large organisation).
 *
 * A search without such a run ("ma", "a b") has no trigram to look up: it walks this
 * organisation's tickets, all of them when nothing matches.
 */
export async function searchCustomers(user: SessionUser, q: string): Promise<CustomerMatch[]> {
  const fields = Prisma.sql`(strpos(lower("customerEmail"), lower(${q})) > 0 OR strpos(lower("customerName"), lower(${q})) > 0)`;
  const test = searchWords(q).length > 0 ? Prisma.sql`${searchTextHolds(q)} AND ${fields}` : fields;
  return queryRows<CustomerMatch>(Prisma.sql`
    WITH matches AS MATERIALIZED (
      SELECT "customerEmail", "customerName", "updatedAt" FROM "Ticket"
      WHERE "organizationId" = ${user.organizationId} AND "customerEmail" <> ${PLACEHOLDER_CUSTOMER_EMAIL}
        AND ${test}
      LIMIT 500
    )
    SELECT DISTINCT ON ("customerEmail") "customerEmail" AS "email", "customerName" AS "name"
    FROM matches ORDER BY "customerEmail", "updatedAt" DESC
    LIMIT 8`);
}
