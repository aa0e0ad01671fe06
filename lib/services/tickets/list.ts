import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { usersById } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { jsonText, withFields } from "@/lib/server/json-text";
import type { JsonText } from "@/lib/schemas/json";
import { forbidden, notFound } from "@/lib/errors";
import type { Ticket, TicketListItem, TicketListQuery } from "@/lib/schemas/tickets";
import type { TicketGroup } from "@/lib/schemas/groups";
import {
  afterTicketCursor,
  encodeTicketCursor,
  orderBy,
  relevanceStart,
  type StatementSort,
  type Tier,
} from "@/lib/services/tickets/order";
import { CUSTOMER_LIST_ITEM_JSON, LIST_ITEM_JSON, ticketGroup } from "@/lib/services/tickets/json-sql.mjs";
import { isStaff, visibleSql, visibleTickets } from "@/lib/services/tickets/access";
import { customerVisibleKeys, ticketForViewer } from "@/lib/services/fields/customer-values";
import { resolveFieldFilters } from "@/lib/services/fields/list-filter";
import { toTicketJson } from "@/lib/services/tickets/json";
import { can } from "@/lib/permissions/table";
import { parseTicketNumber } from "@/lib/tickets/ticket-url";
import { defaultSort, isFieldSort } from "@/lib/tickets/sort";
import { tagNamesById } from "@/lib/services/tickets/tags";
import { listRows } from "@/lib/services/tickets/list-rows";
import {
  encodeFieldCursor,
  fieldOrderPage,
  resolveFieldSort,
  type FieldSortRow,
  type ReadRows,
} from "@/lib/services/tickets/field-sort";
import {
  customerSearchTextHolds,
  searchTextHolds,
  searchTextHoldsTokens,
  subjectHolds,
} from "@/lib/services/tickets/search-sql";
import { listFilter } from "@/lib/services/tickets/list-filters";
import { listTimeZone } from "@/lib/services/tickets/list-time-zone";
import { escapeLike } from "@/lib/services/tickets/like-pattern";
import { lookupFor, relevanceLookupFor } from "@/lib/services/tickets/search-sample";
import { SEARCH_TEXT_SEPARATOR, WHOLE_PATTERN, type SearchLookup } from "@/lib/tickets/search-words";

const LIST_ITEM = Prisma.raw(LIST_ITEM_JSON);
const CUSTOMER_LIST_ITEM = Prisma.raw(CUSTOMER_LIST_ITEM_JSON);
const TICKET = Prisma.raw(`"Ticket"`);
const LIST_GROUP = Prisma.raw(`, ${ticketGroup(`"Ticket"`)} AS "group"`);

/**
 * Case-insensitive substring of the subject, description, customer email or name, a custom
 * field's value, or the ticket number; % and _ match themselves. One pattern over the fields as
 * the database keeps them joined and lowercased ("searchText", the ticket_search_text and
 * ticket_search_custom_fields migrations): LIKE against the lowercased term is ILIKE's rule
 * without lowercasing every candidate again, and a term without the separator cannot span two
 * fields. A term with it (nobody types one, no value holds one) is tested field by field.
 * How the term is looked up (see searchLookup): strpos of the lowercased term is the same test as
 * the escaped pattern, and without LIKE the statement is prepared once per connection.
 * Staff find a ticket by any of its custom field values, a customer (`shownFields`: the keys of
 * the fields shown to customers) only by those.
 */
export function searchFilter(
  q: string | undefined,
  lookup: SearchLookup,
  organizationId: string,
  shownFields: readonly string[] | null = null,
): Prisma.Sql {
  if (!q) return Prisma.empty;
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace("#", "")) : null;
  const found = termTest(q, lookup, organizationId);
  const text = shownFields === null ? found : Prisma.sql`(${found} AND ${customerSearchTextHolds(q, shownFields)})`;
  return number === null ? Prisma.sql`AND ${text}` : Prisma.sql`AND (${text} OR "ticketNumber" = ${number})`;
}

/** The text test of a search term, as `lookup` says it is found. */
function termTest(q: string, lookup: SearchLookup, organizationId: string): Prisma.Sql {
  const pattern = `%${escapeLike(q)}%`;
  if (q.includes(SEARCH_TEXT_SEPARATOR))
    return Prisma.sql`("subject" ILIKE ${pattern} OR "description" ILIKE ${pattern} OR "customerEmail" ILIKE ${pattern} OR "customerName" ILIKE ${pattern})`;
  const whole = Prisma.sql`strpos("searchText", lower(${q})) > 0`;
  switch (lookup.by) {
    case "words":
      return Prisma.sql`(${Prisma.join(
        lookup.words.map((w) => searchTextHolds(w)),
        " AND ",
      )} AND ${whole})`;
    case "tokens":
      return Prisma.sql`(${searchTextHoldsTokens(organizationId, lookup.tokens)} AND ${whole})`;
    case "order":
      return whole;
    default:
      return searchTextHolds(q);
  }
}

/**
 * A list row: the API's JSON for it as PostgreSQL built it (tickets/json-sql.mjs) and what its
 * names are looked up by; under best match first, which part of the order it is in.
 */
type ListRow = FieldSortRow & {
  json: string;
  assignedToId: string | null;
  tagIds: string[];
  /** Staff only (see ticketGroup). */
  group?: TicketGroup | null;
  tier?: Tier;
};

/** The page's tags by name: from memory, the rest in one query for all its rows (staff only: tags are the team's). */
async function namePageTags(user: SessionUser, rows: ListRow[]): Promise<(string[] | undefined)[]> {
  if (!can(user, "tickets.tags")) return rows.map(() => undefined);
  const names = await tagNamesById(db, user.organizationId, [...new Set(rows.flatMap((r) => r.tagIds))]);
  return rows.map((r) => r.tagIds.flatMap((id) => names.get(id) ?? []));
}

/**
 * One page of the list as the JSON array the API sends: each row's text as PostgreSQL wrote it,
 * with its assignee's name and (staff only) its tags by name added, never parsed and written again.
 */
export async function listTickets(
  user: SessionUser,
  query: TicketListQuery,
  now = new Date(),
): Promise<{ tickets: JsonText<TicketListItem[]>; nextCursor: string | null }> {
  const sort = query.sort ?? defaultSort(query.view);
  const filters = {
    ...query,
    fieldValues: await resolveFieldFilters(user, query),
    timeZone: await listTimeZone(user.organizationId, query),
  };
  const q = query.q ?? "";
  // A customer finds a ticket only by the values of the fields shown to customers (searchFilter).
  const shownFields = q && !isStaff(user) ? [...(await customerVisibleKeys(user.organizationId))] : null;
  const withGroup = can(user, "groups.read");
  if (query.group !== undefined && !withGroup) throw forbidden();
  // Prepared in every order: a field's order reads the field's rows in batches whose own LIMIT
  // keeps the generic plan on the field's index whatever the organisation's size
  // (field-value-batches.ts); only what a selective filter leaves of such a page after its
  // batches is planned for the request (field-sort.ts).
  const select: ReadRows<ListRow> = (rows, where, order, limit, extra, planned) =>
    queryRows<ListRow>(
      Prisma.sql`
      SELECT ${isStaff(user) ? LIST_ITEM : CUSTOMER_LIST_ITEM} AS "json", "assignedToId", "tagIds" ${withGroup ? LIST_GROUP : Prisma.empty} ${extra}
      FROM ${rows.from ?? TICKET} ${rows.join}
      WHERE ${visibleSql(user)} ${listFilter(user, filters, now)} ${rows.tests}
        ${where}
      ${order} LIMIT ${limit}`,
      { prepare: !planned },
    );
  const search = async () => searchFilter(q, q ? await lookupFor(q) : WHOLE_PATTERN, user.organizationId, shownFields);
  let rows: ListRow[] | null;
  if (isFieldSort(sort)) {
    const order = await resolveFieldSort(user, sort);
    rows = await fieldOrderPage(user, filters, sort, order, query.cursor, query.limit + 1, await search(), select);
  } else {
    const from = await listRows(user, filters);
    const read: ReadPart = (where, order, limit) =>
      from ? select(from, where, orderBy(order, from.keys), limit, Prisma.empty) : Promise.resolve([]);
    rows =
      from === null
        ? null
        : sort === "relevance"
          ? await bestMatchFirst(
              { organizationId: user.organizationId, q, shownFields },
              relevanceStart(query.cursor, from.keys),
              query.limit + 1,
              read,
            )
          : await read(
              Prisma.sql`${await search()} ${afterTicketCursor(sort, query.cursor, from.keys)}`,
              sort,
              query.limit + 1,
            );
  }
  if (rows === null) return { tickets: jsonText([]), nextCursor: null };
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  // Named from the cache rather than looked up row by row in the query: a page names a handful
  // of people, and a lookup per row was a fifth of the list's database work.
  const [assignees, tags] = await Promise.all([
    usersById(page.flatMap((t) => (t.assignedToId ? [t.assignedToId] : []))),
    namePageTags(user, page),
  ]);
  const items = page.map((t, i) =>
    withFields(t.json, {
      assigneeName: t.assignedToId ? (assignees.get(t.assignedToId)?.fullName ?? null) : null,
      ...(tags[i] ? { tags: tags[i] } : {}),
      ...(t.group !== undefined && { groupId: t.group?.id ?? null, group: t.group }),
    }),
  );
  return {
    tickets: `[${items.join(",")}]` as JsonText<TicketListItem[]>,
    // The cursor's keys are read from the last row alone: formatting them with every row of the
    // page cost the list statement work for rows whose keys nobody reads.
    nextCursor:
      rows.length > query.limit && last
        ? isFieldSort(sort)
          ? encodeFieldCursor(sort, last)
          : encodeTicketCursor(sort, JSON.parse(last.json), last.tier)
        : null,
  };
}

/** Up to `limit` rows of the list's filtered tickets that also meet `where`, in `order`. */
type ReadPart = (where: Prisma.Sql, order: StatementSort, limit: number) => Promise<ListRow[]>;

/**
 * Best match first: the tickets whose subject holds the search, newest first, then the other
 * matches (in the description, the customer's name or address, a custom field's value, or the
 * ticket number), newest first. Like the other orders, a part read newest first stops when the
 * page is full: scoring every match before the first page (ts_rank did) read every ticket that
 * holds a common word, thousands in a large organisation. The parts are two statements, so a page
 * that subjects fill never reads the rest.
 */
async function bestMatchFirst(
  { organizationId, q, shownFields }: { organizationId: string; q: string; shownFields: readonly string[] | null },
  start: { tier: Tier; after: Prisma.Sql },
  limit: number,
  read: ReadPart,
): Promise<ListRow[]> {
  const lookup = await relevanceLookupFor(q);
  const inSubject =
    start.tier === 1
      ? await read(Prisma.sql`AND ${subjectHolds(q, lookup.subject)} ${start.after}`, "created", limit)
      : [];
  const first = inSubject.map((row) => ({ ...row, tier: 1 as const }));
  if (first.length >= limit) return first;
  const rest = await read(
    Prisma.sql`${searchFilter(q, lookup.rest, organizationId, shownFields)} AND NOT ${subjectHolds(q, "order")}
      ${start.tier === 0 ? start.after : Prisma.empty}`,
    "created",
    limit - first.length,
  );
  return [...first, ...rest.map((row) => ({ ...row, tier: 0 as const }))];
}

/**
 * One visible ticket by its number in the caller's organisation (what a ticket's address
 * and emails name). Numbers repeat across organisations, so another tenant's is a 404 too.
 */
export async function getTicketByNumber(user: SessionUser, number: string): Promise<Ticket> {
  const ticketNumber = parseTicketNumber(number);
  if (ticketNumber === null) throw notFound("Ticket not found");
  const ticket = await db.ticket.findFirst({
    where: { ticketNumber, ...visibleTickets(user) },
    include: { slaPolicy: { select: { id: true, name: true } } },
  });
  if (!ticket) throw notFound("Ticket not found");
  return ticketForViewer(user, toTicketJson(ticket));
}
