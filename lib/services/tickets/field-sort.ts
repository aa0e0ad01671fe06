import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";
import { CUSTOM_FIELD_TYPE_LABELS, isSortableField } from "@/lib/schemas/fields-custom";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { TicketListQuery } from "@/lib/schemas/tickets";
import { knownFields } from "@/lib/services/fields/known-fields";
import { isStaff } from "@/lib/services/tickets/access";
import { listRows, type ListRows } from "@/lib/services/tickets/list-rows";
import { createdAfter, orderBy } from "@/lib/services/tickets/order";
import { fieldValueBatch, fieldValueBatchEnd, type FieldRowPlace } from "@/lib/services/tickets/field-value-batches";
import { fieldSortOf, isFieldSort, type FieldSort, type ListSort } from "@/lib/tickets/sort";

/**
 * The list ordered by a custom field (`field.<key>`, `-field.<key>`). A page is read in two
 * parts, like best match first: the tickets holding a value, in the order of their values, read
 * from the field's TicketFieldValue rows in the order of their index ("organizationId", "key",
 * "value", "ticketCreatedAt", "ticketId") a batch at a time (field-value-batches.ts), so that a
 * page stops when it is full, however many tickets the organisation has; then the tickets
 * without one, newest first. Lowest first reads the
 * index forwards (equal values oldest first), highest first backwards (equal values newest first):
 * each direction is the other reversed, and a cursor starts a page at one row comparison in the
 * index either way.
 */

/** The field an order follows and its direction. */
export type FieldOrder = { key: string; descending: boolean };

/**
 * The field a field order names, checked against the organisation's fields: a key that is no field
 * (or, for a customer, no field shown to customers) is unknown, as for a filter; a long text or a
 * multi-select has no order to sort by, a 400 naming the field.
 */
export async function resolveFieldSort(user: SessionUser, sort: FieldSort): Promise<FieldOrder> {
  const order = fieldSortOf(sort);
  const field = (await knownFields(user.organizationId)).find((f) => f.key === order.key);
  if (!field || (!isStaff(user) && !field.customerVisible)) throw badRequest(`Unknown custom field "${order.key}"`);
  if (!isSortableField(field.type))
    throw badRequest(
      `The list cannot be sorted by ${field.label}: a ${CUSTOM_FIELD_TYPE_LABELS[field.type].toLowerCase()} field has no order`,
    );
  return order;
}

/** A saved view's order checked as the list will read it: a field's must be one it can sort by. */
export async function checkViewSort(user: SessionUser, sort: ListSort | null | undefined): Promise<void> {
  if (isFieldSort(sort)) await resolveFieldSort(user, sort);
}

/** How much larger each batch of the field's rows is than the one before. */
const BATCH_GROWTH = 4;
/**
 * Batches read before the rest of a page is read in one statement planned for the organisation:
 * a filter that holds few of the field's tickets (one agent's, a rare word) would otherwise grow
 * the batches until they had looked up most of them, where a plan made for it reads the filter's
 * own index and sorts what it finds. Three batches are 21 pages' worth of rows.
 */
const BATCHES_BEFORE_PLANNING = 3;

/** The part of the order a row is in: the tickets holding a value (1), then those without (0). */
type Part = 0 | 1;
/** What a cursor is made from: the last row's sort keys, selected beside its JSON. */
export type FieldSortRow = { sortPart?: Part; sortValue?: unknown; sortAt?: Date; sortId?: string };
type Position = FieldRowPlace & { part: Part };

const isScalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

export function encodeFieldCursor(sort: FieldSort, row: FieldSortRow): string {
  const key = [sort, row.sortPart, row.sortPart === 1 ? row.sortValue : null, row.sortAt?.toISOString(), row.sortId];
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

function decode(cursor: string, sort: FieldSort): Position {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest("Invalid cursor");
  }
  if (!Array.isArray(key) || key[0] !== sort || (key[1] !== 0 && key[1] !== 1)) throw badRequest("Invalid cursor");
  const [, part, value, at, id] = key as [string, Part, unknown, unknown, unknown];
  if ((part === 1 ? !isScalar(value) : value !== null) || typeof at !== "string" || typeof id !== "string" || !id)
    throw badRequest("Invalid cursor");
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw badRequest("Invalid cursor");
  return { part, value, at: time, id };
}

/** The list's rows (list-rows.ts) or, in place of "Ticket" and its join, a batch of a field's rows with their tickets. */
export type ReadFrom = ListRows & { from?: Prisma.Sql };

/**
 * Up to `limit` rows of the list's tickets read through `rows` that also meet `where`, in `order`,
 * with `select` beside each; `planned`: by a statement planned for this request, not prepared.
 */
export type ReadRows<R> = (
  rows: ReadFrom,
  where: Prisma.Sql,
  order: Prisma.Sql,
  limit: number,
  select: Prisma.Sql,
  planned?: boolean,
) => Promise<R[]>;

/** The rows after `place` in the field's order, as the list's statement names them (list-rows.ts). */
function afterRow(descending: boolean, place: FieldRowPlace): Prisma.Sql {
  return Prisma.sql`AND ("fieldValue", "ticketCreatedAt", "fieldRows"."ticketId") ${Prisma.raw(descending ? "<" : ">")}
    ("field_row_value"(${JSON.stringify(place.value)}::jsonb), ${place.at}, ${place.id})`;
}

/** What the valued part of a page is read with (see fieldOrderPage). */
type ValuedPart<R> = FieldOrder & {
  order: Prisma.Sql;
  limit: number;
  where: Prisma.Sql;
  read: ReadRows<R>;
  select: Prisma.Sql;
  rows: ListRows;
};

/**
 * Up to `limit` valued rows after `start`, the field's rows a batch at a time
 * (field-value-batches.ts), the first as many as the page holds: when the list's other conditions
 * (an open view, a filter, the search) leave the page short, the next batch reads on from the last
 * row read, each four times the one before, so that even a rare status fills a page in a few
 * statements; past BATCHES_BEFORE_PLANNING, the rest of the page in one planned statement.
 */
async function inBatches<R>(
  { key, descending, order, limit, where, read, select, rows }: ValuedPart<R>,
  organizationId: string,
  start: FieldRowPlace | null,
): Promise<R[]> {
  const valued: R[] = [];
  let after = start;
  for (let size = limit, batch = 1; ; size *= BATCH_GROWTH, batch += 1) {
    if (batch > BATCHES_BEFORE_PLANNING) {
      const rest = Prisma.sql`${where} ${after ? afterRow(descending, after) : Prisma.empty}`;
      return [...valued, ...(await read(rows, rest, order, limit - valued.length, select, true))];
    }
    const from = fieldValueBatch(organizationId, key, descending, after, size);
    valued.push(...(await read({ ...rows, from, join: Prisma.empty }, where, order, limit - valued.length, select)));
    if (valued.length >= limit) return valued;
    after = await fieldValueBatchEnd(organizationId, key, descending, after, size);
    if (after === null) return valued;
  }
}

/**
 * One page in a field's order, at most `limit` rows: the valued part from the cursor's place on,
 * then (when the page is not full) the tickets without a value. `where` is the rest of the list's
 * conditions (the search). Null when the list is empty for sure (an unknown tag).
 */
export async function fieldOrderPage<R extends FieldSortRow>(
  user: SessionUser,
  query: Pick<TicketListQuery, "tag" | "fieldValues">,
  sort: FieldSort,
  { key, descending }: FieldOrder,
  cursor: string | undefined,
  limit: number,
  where: Prisma.Sql,
  read: ReadRows<R>,
): Promise<R[] | null> {
  const start = cursor ? decode(cursor, sort) : null;
  const valued: R[] = [];
  if (!start || start.part === 1) {
    const rows = await listRows(user, query, key);
    if (rows === null) return null;
    const dir = Prisma.raw(descending ? "DESC" : "ASC");
    const order = Prisma.sql`ORDER BY "fieldValue" ${dir}, "ticketCreatedAt" ${dir}, "fieldRows"."ticketId" ${dir}`;
    const select = Prisma.sql`, 1 AS "sortPart", "fieldValue" AS "sortValue", "ticketCreatedAt" AS "sortAt", "fieldRows"."ticketId" AS "sortId"`;
    if (isStaff(user))
      valued.push(
        ...(await inBatches({ key, descending, order, limit, where, read, select, rows }, user.organizationId, start)),
      );
    // A customer's own tickets are few: they are read through the customer's index and sorted,
    // where batches of the field's rows would walk the organisation's to find them.
    else
      valued.push(
        ...(await read(
          rows,
          Prisma.sql`${where} ${start ? afterRow(descending, start) : Prisma.empty}`,
          order,
          limit,
          select,
        )),
      );
    if (valued.length >= limit) return valued;
  }
  const rows = await listRows(user, query);
  if (rows === null) return null;
  const without = await read(
    rows,
    Prisma.sql`${where} AND NOT ("customFields" ? ${key})
      ${start?.part === 0 ? createdAfter(start.at, start.id, rows.keys) : Prisma.empty}`,
    orderBy("created", rows.keys),
    limit - valued.length,
    Prisma.sql`, 0 AS "sortPart", "Ticket"."createdAt" AS "sortAt", "Ticket"."id" AS "sortId"`,
  );
  return [...valued, ...without];
}
