import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/auth/session";
import { escapeLike } from "./like-pattern";
import { isStaff } from "./ticket-access";

/*
 * The list and the queue counts are hand-written SQL so that the open-queue statuses are
 * literals: only then can Postgres match the partial "open tickets" indexes (an enum bound as
 * a parameter cannot be), and every view reads one page of an index instead of the tenant.
 */
export const OPEN = Prisma.sql`"status" IN ('open', 'pending', 'in_progress')`;
export const DONE = Prisma.sql`"status" IN ('resolved', 'closed')`;

/** The tickets a user may see (as visibleTickets): the organisation's, or a customer's own. */
export function visibleSql(user: SessionUser): Prisma.Sql {
  return isStaff(user)
    ? Prisma.sql`"organizationId" = ${user.organizationId}`
    : Prisma.sql`"organizationId" = ${user.organizationId} AND "customerEmail" = ${user.email}`;
}

/**
 * The tickets whose joined, lowercased search text ("searchText") holds `text` in any case: the
 * test the organisation's trigram index ("organizationId", "searchText") answers.
 */
export function searchTextHolds(text: string): Prisma.Sql {
  return Prisma.sql`"searchText" LIKE lower(${`%${escapeLike(text)}%`})`;
}

/**
 * The tickets whose search text, split at every character but a-z and 0-9, has each of `tokens`
 * as a whole token: the test the organisation's token index ("Ticket_search_tokens_idx") answers,
 * written exactly as the index's expression.
 */
export function searchTextHoldsTokens(tokens: string[]): Prisma.Sql {
  return Prisma.sql`regexp_split_to_array("searchText", '[^a-z0-9]+') @> ${tokens}::text[]`;
}
