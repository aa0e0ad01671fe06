import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { TicketPriority } from "@/generated/prisma/enums";
import { badRequest } from "@/lib/errors";
import { TICKET_PRIORITIES } from "@/lib/tickets/fields";
import type { TicketSort } from "@/lib/tickets/sort";
import type { TicketJson } from "@/lib/schemas/tickets";
import { runningDue } from "@/lib/tickets/sla";
import { ATTENTION_ORDER_SQL, SLA_DUE_SQL } from "@/lib/services/tickets/order-sql.mjs";

/**
 * Keyset paging of the ticket list in each of its orders: the cursor carries the last row's
 * sort key and id, so a deep page costs what the first one does and new tickets never shift
 * the pages already read.
 */

/**
 * What a cursor is made from: the last row's ticket as the API writes it (its dates as text),
 * read once from that row's JSON rather than selected and formatted with every row of the page.
 */
type OrderRow = Pick<
  TicketJson,
  | "id"
  | "priority"
  | "createdAt"
  | "updatedAt"
  | "firstRespondedAt"
  | "firstResponseDueAt"
  | "nextResponseDueAt"
  | "resolutionDueAt"
>;

/** The two parts of best match first: tickets whose subject holds the search (1), then the rest (0). */
export type Tier = 0 | 1;

const SLA_DUE = Prisma.raw(SLA_DUE_SQL);
/** The SLA due key of a ticket whose clocks stand still (see SLA_DUE_SQL). */
const NO_DUE = Prisma.raw(`'infinity'::timestamp(3)`);

/**
 * Where the two time orders read their key: the ticket's own columns, or under a tag or custom
 * field filter the copies kept in the filter's rows (TicketTag, TicketFieldValue: see
 * list-rows.ts), whose indexes hold each tag's and each value's tickets in both orders (the
 * copies always equal the ticket's, so the page is the same either way).
 */
export type KeySource = "ticket" | "filterRow";
const KEYS: Record<KeySource, { updatedAt: Prisma.Sql; createdAt: Prisma.Sql; id: Prisma.Sql }> = {
  ticket: { updatedAt: Prisma.sql`"updatedAt"`, createdAt: Prisma.sql`"createdAt"`, id: Prisma.sql`"id"` },
  filterRow: {
    updatedAt: Prisma.sql`"ticketUpdatedAt"`,
    createdAt: Prisma.sql`"ticketCreatedAt"`,
    id: Prisma.sql`"ticketId"`,
  },
};

/** The orders a page is read in by one statement; best match first reads each part newest first. */
export type StatementSort = Exclude<TicketSort, "relevance">;

export function orderBy(sort: StatementSort, source: KeySource = "ticket"): Prisma.Sql {
  const { updatedAt, createdAt, id } = KEYS[source];
  switch (sort) {
    case "activity":
      return Prisma.sql`ORDER BY ${updatedAt} DESC, ${id} DESC`;
    case "created":
      return Prisma.sql`ORDER BY ${createdAt} DESC, ${id} DESC`;
    case "priority":
      // The table's column, not the text the list selects under the same name: enum order is urgent first.
      return Prisma.sql`ORDER BY "Ticket"."priority" ASC, "createdAt" DESC, "id" DESC`;
    case "sla":
      return Prisma.sql`ORDER BY ${SLA_DUE} ASC, "id" ASC`;
    case "attention":
      return Prisma.raw(ATTENTION_ORDER_SQL);
  }
}

type Key = [sort: TicketSort, at: string | null, id: string, priorityOrTier?: TicketPriority | Tier, since?: string];

/** The row's time in the order: the SLA due (null while its clocks stand still), last activity, or when it was raised. */
function sortTime(sort: TicketSort, row: OrderRow): string | null {
  if (sort === "sla" || sort === "attention") return runningDue(row);
  return sort === "activity" ? row.updatedAt : row.createdAt;
}

export function encodeTicketCursor(sort: TicketSort, row: OrderRow, tier?: Tier): string {
  const extra =
    sort === "priority"
      ? [row.priority]
      : sort === "relevance"
        ? [tier ?? 0]
        : sort === "attention"
          ? [row.priority, row.createdAt]
          : [];
  const key = [sort, sortTime(sort, row), row.id, ...extra] as Key;
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** Where a page starts; `at` is null only after a ticket without an SLA due in the orders by it. */
type Position = { at: Date | null; id: string; priority?: string; tier?: Tier; since?: Date };

function decode(cursor: string, sort: TicketSort): Position {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest("Invalid cursor");
  }
  const byDue = sort === "sla" || sort === "attention";
  if (
    !Array.isArray(key) ||
    key[0] !== sort ||
    !(typeof key[1] === "string" || (byDue && key[1] === null)) ||
    typeof key[2] !== "string"
  )
    throw badRequest("Invalid cursor");
  const at = key[1] === null ? null : new Date(key[1]);
  if ((at !== null && Number.isNaN(at.getTime())) || !key[2]) throw badRequest("Invalid cursor");
  if ((sort === "priority" || sort === "attention") && !TICKET_PRIORITIES.includes(key[3] as TicketPriority))
    throw badRequest("Invalid cursor");
  if (sort === "relevance" && key[3] !== 0 && key[3] !== 1) throw badRequest("Invalid cursor");
  if (sort === "relevance") return { at, id: key[2], tier: key[3] };
  if (sort !== "attention") return { at, id: key[2], priority: key[3] };
  const since = new Date(typeof key[4] === "string" ? key[4] : "");
  if (Number.isNaN(since.getTime())) throw badRequest("Invalid cursor");
  return { at, id: key[2], priority: key[3], since };
}

/**
 * The rows after the cursor, in the sort's order. The redundant `<=` / `>=` on the leading
 * column becomes an index condition, so the page starts at the cursor.
 */
export function afterTicketCursor(
  sort: StatementSort,
  cursor: string | undefined,
  source: KeySource = "ticket",
): Prisma.Sql {
  return cursor ? after(sort, decode(cursor, sort), source) : Prisma.empty;
}

function after(sort: StatementSort, { at, id, priority, since }: Position, source: KeySource): Prisma.Sql {
  const keys = KEYS[source];
  switch (sort) {
    case "activity":
      return Prisma.sql`AND ${keys.updatedAt} <= ${at} AND (${keys.updatedAt} < ${at} OR ${keys.id} < ${id})`;
    case "created":
      return Prisma.sql`AND ${keys.createdAt} <= ${at} AND (${keys.createdAt} < ${at} OR ${keys.id} < ${id})`;
    case "priority":
      return Prisma.sql`AND "priority" >= ${priority}::"TicketPriority" AND ("priority" > ${priority}::"TicketPriority"
        OR "createdAt" < ${at} OR ("createdAt" = ${at} AND "id" < ${id}))`;
    case "sla":
      return Prisma.sql`AND ${SLA_DUE} >= ${at ?? NO_DUE} AND (${SLA_DUE} > ${at ?? NO_DUE} OR "id" > ${id})`;
    case "attention":
      // One row comparison over the whole key, which the attention indexes start at directly.
      return Prisma.sql`AND (${SLA_DUE}, "Ticket"."priority", "Ticket"."createdAt", "Ticket"."id")
        > (${at ?? NO_DUE}, ${priority}::"TicketPriority", ${since}, ${id})`;
  }
}

/** The rows after the ticket raised at `at` with this id, newest first (see afterTicketCursor). */
export const createdAfter = (at: Date, id: string, source: KeySource): Prisma.Sql =>
  after("created", { at, id }, source);

/**
 * Where a best-match-first page starts: the part the cursor is in (the subject's first) and the
 * rows after it there, newest first. The parts after it are read from their start.
 */
export function relevanceStart(cursor: string | undefined, source: KeySource): { tier: Tier; after: Prisma.Sql } {
  if (!cursor) return { tier: 1, after: Prisma.empty };
  const position = decode(cursor, "relevance");
  return { tier: position.tier ?? 0, after: after("created", position, source) };
}
