import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { escapeLike } from "@/lib/services/tickets/like-pattern";

/**
 * The tickets whose joined, lowercased search text ("searchText") holds `text` in any case: the
 * test the organisation's trigram index ("organizationId", "searchText") answers.
 */
export function searchTextHolds(text: string): Prisma.Sql {
  return Prisma.sql`"searchText" LIKE lower(${`%${escapeLike(text)}%`})`;
}

/**
 * The tickets whose subject holds `text` in any case, tested on each row (`order`: the list's walk
 * newest first) or looked up in the tenant's subject trigram index ("Ticket_subject_trgm_idx", the
 * ticket_subject_search migration) as a pattern, which PostgreSQL plans with the value.
 */
export function subjectHolds(text: string, by: "order" | "index"): Prisma.Sql {
  return by === "order"
    ? Prisma.sql`(strpos(lower("subject"), lower(${text})) > 0)`
    : Prisma.sql`(lower("subject") LIKE lower(${`%${escapeLike(text)}%`}))`;
}

/**
 * The organisation's tickets whose search text, split at every character but a-z and 0-9, has each
 * of `tokens` as a whole token: found in "Ticket_search_keys_idx", whose keys hold the organisation
 * and the token (the ticket_search_keys migration), so only the token's own short list in this
 * tenant is read. A hash may be shared, so callers still test the organisation and the term.
 *
 * Written so that one plan, made without the values, serves every search: the list's statements
 * are prepared once per connection. Such a plan cannot tell a rare token from a common one: given
 * the organisation beside the keys, it walked the organisation's tickets in the list's order
 * testing each, an order of magnitude slower at a million tickets. So the rows come by
 * their addresses from the index alone. The term's keys are a sub-select so that the plans made
 * with the values cost the same as the kept one; folded into a constant, they looked cheaper and
 * PostgreSQL planned every search afresh, doubling a search's round trip.
 */
export function searchTextHoldsTokens(organizationId: string, tokens: string[]): Prisma.Sql {
  const keys = Prisma.sql`(SELECT ticket_search_keys(${organizationId}::text, ${tokens.join(" ")}::text))`;
  return Prisma.sql`"Ticket".ctid = ANY(ARRAY(SELECT t.ctid FROM "Ticket" t
    WHERE ticket_search_keys(t."organizationId", t."searchText") @> ${keys}))`;
}

/**
 * The tickets whose search text, with only the values of the fields in `fieldKeys` (those shown
 * to customers), holds `text` in any case: a customer's search. "searchText" holds every field's
 * values (the ticket_search_custom_fields migration), and a customer who could find a ticket by a
 * value hidden from them could learn that value by searching. The text is made afresh from the
 * ticket by the column's own function, so a field hidden or deleted since its values were written
 * is left out at once. A customer's tickets are few: testing each costs little.
 */
export function customerSearchTextHolds(text: string, fieldKeys: readonly string[]): Prisma.Sql {
  const shown = Prisma.sql`(SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each("customFields") AS f
    WHERE f.key = ANY(${fieldKeys}::text[]))`;
  return Prisma.sql`strpos(ticket_search_text("subject", "description", "customerEmail", "customerName", ${shown}), lower(${text})) > 0`;
}
