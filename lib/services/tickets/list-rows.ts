import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { CustomFieldValue } from "@/lib/schemas/fields-custom";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TicketListQuery } from "@/lib/schemas/tickets";
import { fieldFilterSql } from "@/lib/services/fields/list-filter";
import type { KeySource } from "@/lib/services/tickets/order";
import { assertMayTag, findTagId } from "@/lib/services/tickets/tags";

/**
 * Where a list page reads its tickets from: the rows of one filter, which carry the ticket's
 * created and updated times (a tag's TicketTag rows, a custom field value's TicketFieldValue
 * rows), or the tickets themselves. Those rows' indexes hold each tag's and each value's tickets
 * in both time orders, so a filtered page is read in order and stops when it is full, as for a
 * status. One filter drives; the list's other tag and field filters are tests on each ticket read
 * (the row is read anyway, and a value or tag test on it costs nothing more).
 */
export type ListRows = {
  /** The driving rows, joined to "Ticket" (nothing: the tickets themselves). */
  join: Prisma.Sql;
  /** Where the two time orders read their keys (order.ts): the ticket or the driving rows. */
  keys: KeySource;
  /** The other filters, as conditions after the caller's visibility. */
  tests: Prisma.Sql;
};

/**
 * A key's TicketFieldValue rows (of one value, when given) joined to their tickets. A subquery
 * renames nothing the list reads ("ticketId", "ticketCreatedAt", "ticketUpdatedAt" as the tag's
 * rows have them; the value as "fieldValue"), so the ticket's own "organizationId" stays the only
 * one in the statement; PostgreSQL flattens it into a plain join.
 */
export function fieldRows(organizationId: string, key: string, value?: CustomFieldValue): Prisma.Sql {
  // A multi-select's filter names one option, held by a row of its own.
  const one = Array.isArray(value) ? value[0] : value;
  return Prisma.sql`JOIN (SELECT "ticketId", "ticketCreatedAt", "ticketUpdatedAt", "value" AS "fieldValue"
      FROM "TicketFieldValue" WHERE "organizationId" = ${organizationId} AND "key" = ${key}
      ${one === undefined ? Prisma.empty : Prisma.sql`AND "value" = "field_row_value"(${JSON.stringify(one)}::jsonb)`}
    ) AS "fieldRows" ON "fieldRows"."ticketId" = "Ticket"."id"`;
}

/**
 * Which rows drive the page and what is left as tests. A field order (`sortKey`) drives through
 * that field's rows, in the order of its values; else the first field filter (a value is most
 * often rarer than a tag), else the tag. The field filters are always tested on the ticket's own
 * values as well, which is what the rows follow (a long text is cut in its row). Null when the
 * list is empty for sure: a tag the organisation never used.
 */
export async function listRows(
  user: SessionUser,
  query: Pick<TicketListQuery, "tag" | "fieldValues">,
  sortKey?: string,
): Promise<ListRows | null> {
  let tagId: string | null | undefined;
  if (query.tag !== undefined) {
    assertMayTag(user);
    tagId = await findTagId(user.organizationId, query.tag);
    if (tagId === null) return null;
  }
  const values = fieldFilterSql(query.fieldValues);
  const [first] = Object.entries(query.fieldValues ?? {});
  const driver =
    sortKey !== undefined
      ? fieldRows(user.organizationId, sortKey)
      : first
        ? fieldRows(user.organizationId, first[0], first[1])
        : null;
  if (driver === null && tagId !== undefined)
    return {
      join: Prisma.sql`JOIN "TicketTag" ON "TicketTag"."ticketId" = "Ticket"."id" AND "TicketTag"."tagId" = ${tagId}`,
      keys: "filterRow",
      tests: values,
    };
  const tagTest = tagId === undefined ? Prisma.empty : Prisma.sql`AND "tagIds" @> ARRAY[${tagId}]::text[]`;
  return driver === null
    ? { join: Prisma.empty, keys: "ticket", tests: values }
    : { join: driver, keys: "filterRow", tests: Prisma.sql`${values} ${tagTest}` };
}
