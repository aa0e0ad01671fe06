import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { queryRows } from "@/lib/server/db";

/**
 * A custom field's TicketFieldValue rows in the order of their values, read a batch at a time for
 * the list ordered by the field (field-sort.ts). A batch is a subquery with a LIMIT of its own,
 * and PostgreSQL plans such a subquery apart from the rest of the statement: it is always the
 * ordered scan of the index ("organizationId", "key", "value", "ticketCreatedAt", "ticketId") from
 * the batch's start, whatever the organisation's size. So the list statement is prepared once
 * and its generic plan fits the largest organisation as well as a small one (planned as for one
 * of average size, the unfenced join read and sorted every value of the field).
 */

/** A row's place in the field's order: its value as its row keeps it, the ticket's creation and id. */
export type FieldRowPlace = { value: unknown; at: Date; id: string };

/**
 * A batch's size written into the statement rather than sent as a value: PostgreSQL keeps a
 * prepared statement's generic plan only while it costs no more than the plans made with the
 * values, and a LIMIT sent as a value is costed as a tenth of the rows it might read, which made
 * the generic plan dearer and had every page planned afresh. Sizes are few (the page's, times
 * 4, 16...), so are the statements.
 */
function sizeOf(size: number): Prisma.Sql {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`Invalid batch size ${size}`);
  return Prisma.raw(String(size));
}

/** The rows after `after` (from the start: null), lowest value first or, `descending`, highest. */
function rowsAfter(organizationId: string, key: string, descending: boolean, after: FieldRowPlace | null): Prisma.Sql {
  const dir = Prisma.raw(descending ? "DESC" : "ASC");
  const from = after
    ? Prisma.sql`AND ("value", "ticketCreatedAt", "ticketId") ${Prisma.raw(descending ? "<" : ">")}
        ("field_row_value"(${JSON.stringify(after.value)}::jsonb), ${after.at}, ${after.id})`
    : Prisma.empty;
  return Prisma.sql`FROM "TicketFieldValue" WHERE "organizationId" = ${organizationId} AND "key" = ${key} ${from}
    ORDER BY "value" ${dir}, "ticketCreatedAt" ${dir}, "ticketId" ${dir}`;
}

/**
 * What a list statement reads FROM for a batch of `size` rows after `after`: the rows, named as
 * list-rows.ts names a field's rows ("fieldRows": "ticketId", "ticketCreatedAt", "ticketUpdatedAt",
 * "fieldValue"), each joined to its ticket by id under the table's own name. The ticket is looked
 * up row by row (a LATERAL subquery, fenced by its LIMIT like the batch): planned for an
 * organisation of average size, a plain join read all the organisation's open tickets into a hash
 * and sorted what it found, however few rows the batch held.
 */
export function fieldValueBatch(
  organizationId: string,
  key: string,
  descending: boolean,
  after: FieldRowPlace | null,
  size: number,
): Prisma.Sql {
  return Prisma.sql`(SELECT "ticketId", "ticketCreatedAt", "ticketUpdatedAt", "value" AS "fieldValue"
      ${rowsAfter(organizationId, key, descending, after)} LIMIT ${sizeOf(size)}
    ) AS "fieldRows" CROSS JOIN LATERAL (
      SELECT * FROM "Ticket" WHERE "Ticket"."id" = "fieldRows"."ticketId" LIMIT 1
    ) AS "Ticket"`;
}

/**
 * The last row of that batch, where the next one starts; null when the batch was not full (the
 * field has no rows after it). Read only when the list's other conditions left the page short:
 * the batch's rows again from the index alone, the OFFSET stepping over what was just read (no page
 * of the list is ever read by OFFSET).
 */
export async function fieldValueBatchEnd(
  organizationId: string,
  key: string,
  descending: boolean,
  after: FieldRowPlace | null,
  size: number,
): Promise<FieldRowPlace | null> {
  const [last] = await queryRows<FieldRowPlace>(
    Prisma.sql`SELECT "value", "ticketCreatedAt" AS "at", "ticketId" AS "id"
      ${rowsAfter(organizationId, key, descending, after)} OFFSET ${sizeOf(size - 1)} LIMIT 1`,
  );
  return last ?? null;
}
