// The SQL of the app's hot reads, written out for node-postgres: the raw limit (bench/raw-server.mjs)
// answers with it and bench/prepared.mjs times it unnamed and named. Kept to what the services
// read (lib/services/tickets/list.ts, the ticket pane's statement and the session check); each query
// is { name, text, values }: `name` makes it a prepared statement, as the app's reads are
// (lib/server/db.ts), so the share of the limit compares like with like.
import { LIST_ITEM_JSON, ticketGroup } from "../../lib/services/tickets/json-sql.mjs";
import { partsOf, ticketPaneQuery } from "../../lib/services/tickets/pane-sql.mjs";
import { ATTENTION_ORDER_SQL } from "../../lib/services/tickets/order-sql.mjs";
import { doneSql, openSql } from "../../lib/tickets/statuses.mjs";

const OPEN = openSql();
const DONE = doneSql();
// A row's JSON as the app's list selects it, with what the app names it by (the cursor is read from
// the last row's JSON, so no column carries it).
const LIST_COLUMNS = `${LIST_ITEM_JSON} AS "json", "assignedToId", "tagIds", ${ticketGroup(`"Ticket"`)} AS "group"`;
/** The list's orders: newest first, or what needs attention first (the work queues' default). */
const ORDERS = {
  created: `ORDER BY "createdAt" DESC, "id" DESC`,
  attention: ATTENTION_ORDER_SQL,
};
const DAY = 24 * 3600_000;
/** @type {Record<string, (user: string) => [string, string[]]>} */
const VIEWS = {
  "": () => ["", []],
  unassigned: () => [`AND ${OPEN} AND "assignedToId" IS NULL`, []],
  "my-open": (user) => [`AND ${OPEN} AND "assignedToId" = $3`, [user]],
  "all-open": () => [`AND ${OPEN}`, []],
};

/** @type {(name: string, text: string, values: unknown[]) => { name: string, text: string, values: unknown[] }} */
const query = (name, text, values) => ({ name: `raw_${name}`, text, values });

/** @param {string} user */
export const sessionUser = (user) =>
  query(
    "user",
    `SELECT "id", "organizationId", "role"::text, "email", "fullName", "username", "avatar", "isActive", "sessionVersion" FROM "User" WHERE "id" IN ($1)`,
    [user],
  );

/**
 * @param {string} org
 * @param {string} user
 * @param {"created" | "attention"} [sort]
 */
export function list(org, user, view = "", sort = "created") {
  const [where, extra] = (VIEWS[view] ?? VIEWS[""])(user);
  const order = ORDERS[sort] ?? ORDERS.created;
  return query(
    `list_${view || "all"}${sort === "attention" ? "_attention" : ""}`,
    `SELECT ${LIST_COLUMNS} FROM "Ticket" WHERE "organizationId" = $1 ${where} ${order} LIMIT $2`,
    [org, 51, ...extra],
  );
}

/**
 * @param {string} org
 * @param {string} user
 */
export function counts(org, user, now = new Date()) {
  const scope = `"organizationId" = $1`;
  return query(
    "counts",
    `WITH open AS (SELECT "assignedToId", "open" FROM "TicketQueueCount" WHERE "organizationId" = $1)
    SELECT
      (SELECT COALESCE(sum("open"), 0) FROM open WHERE "assignedToId" = '') AS unassigned,
      (SELECT COALESCE(sum("open"), 0) FROM open WHERE "assignedToId" = $2) AS "myOpen",
      (SELECT COALESCE(sum("open"), 0) FROM open) AS "allOpen",
      (SELECT COALESCE(sum("open"), 0) FROM open) - (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${OPEN} AND "slaRiskAt" > $3) AS "slaRisk",
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND "updatedAt" >= $4) AS "recentlyUpdated",
      (SELECT count(*) FROM "Ticket" WHERE ${scope} AND ${DONE} AND "updatedAt" >= $5) AS closed`,
    [org, user, now, new Date(now.getTime() - DAY), new Date(now.getTime() - 7 * DAY)],
  );
}

// The pane as an agent opens it, and the detail and the replies alone as their calls read them:
// the app's own statement (lib/services/tickets/pane-sql.mjs) with an agent's parts and the limits
// lib/services/tickets/pane.ts passes.
const AGENT = {
  ticket: true,
  replies: true,
  staff: true,
  internalNotes: true,
  tags: true,
  group: true,
  history: true,
  customer: true,
  viewers: true,
  rating: true,
  relations: true,
  articlesSent: true,
  company: true,
};

/**
 * `part`: "pane", "ticket" or "replies".
 * @param {string} org
 * @param {string} id
 * @param {"pane" | "ticket" | "replies"} [part]
 */
export const pane = (org, id, part = "pane", now = new Date()) => ({
  name: `raw_pane_${part}`,
  ...ticketPaneQuery({
    id,
    organizationId: org,
    customerEmail: null,
    now,
    parts: partsOf(AGENT, part),
    limits: {
      headBytes: 32 * 1024,
      mailMessages: 200,
      otherTickets: 10,
      presenceTtlMs: 25_000,
      placeholderEmail: "customer@unknown.invalid",
      // A page of the history (HISTORY_PAGE) and one more, which says whether earlier changes exist.
      historyEvents: 101,
      // The conversation's newest page (CONVERSATION_PAGE) and one more, likewise.
      replies: 51,
      // The most sent articles a ticket lists (SENT_LIST_MAX).
      articlesSent: 500,
      // The company's other people and tickets the customer panel shows (COMPANY_PANEL_PEOPLE, COMPANY_TICKETS_SHOWN).
      companyPeople: 10,
      companyTickets: 10,
    },
  }),
});

// The help center's search (lib/services/kb/search.ts, its index expressions in search-sql.ts):
// published articles matching every word, the last as a prefix, ranked by title and summary and
// (up to 200 matches) by the whole article; then the first page's titles and text with the words
// marked.
const KB_VECTOR = `(setweight(to_tsvector('english'::regconfig, "KbArticle"."title"), 'A') ||
   setweight(to_tsvector('english'::regconfig, "KbArticle"."summary"), 'B') ||
   setweight(to_tsvector('english'::regconfig, "KbArticle"."body"), 'C'))`;
const KB_HEAD = `(setweight(to_tsvector('english'::regconfig, "KbArticle"."title"), 'A') ||
   setweight(to_tsvector('english'::regconfig, "KbArticle"."summary"), 'B'))`;
/** @param {string} typed */
const kbQuery = (typed) => {
  const words = (typed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
};
/** @type {(org: string, typed: string) => { name: string, text: string, values: unknown[] }} */
export const helpSearch = (org, typed) =>
  query(
    "help-search",
    `SELECT m.* FROM (
       SELECT "KbArticle"."id", "KbArticle"."title", "KbArticle"."slug", "KbArticle"."summary",
         "KbArticle"."body", c."name" AS "categoryName", c."slug" AS "categorySlug", count(*) OVER ()::int AS "total",
         ts_rank(${KB_HEAD}, to_tsquery('english'::regconfig, $2)) AS "head"
       FROM "KbArticle" LEFT JOIN "KbCategory" c ON c."id" = "KbArticle"."categoryId"
       WHERE "KbArticle"."organizationId" = $1 AND "KbArticle"."status" = 'published'
         AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = $1 AND o."helpCenterEnabled")
         AND ${KB_VECTOR} @@ to_tsquery('english'::regconfig, $2)
     ) AS m
     ORDER BY m."head" DESC,
       CASE WHEN m."total" <= 200 THEN ts_rank(${KB_VECTOR.replaceAll('"KbArticle".', "m.")}, to_tsquery('english'::regconfig, $2)) END DESC NULLS LAST,
       m."title", m."id"
     LIMIT 20 OFFSET 0`,
    [org, kbQuery(typed)],
  );
/** @type {(typed: string, rows: { title: string, body: string }[]) => { name: string, text: string, values: unknown[] }} */
export const helpHeadlines = (typed, rows) =>
  query(
    "help-headlines",
    `SELECT ts_headline('english'::regconfig, t."title", to_tsquery('english'::regconfig, $1), 'StartSel="\u0002", StopSel="\u0003", HighlightAll=true') AS "title",
       ts_headline('english'::regconfig, t."text", to_tsquery('english'::regconfig, $1), 'StartSel="\u0002", StopSel="\u0003", MaxWords=32, MinWords=16, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "') AS "excerpt"
     FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t("title", "text", "n") ORDER BY t."n"`,
    [kbQuery(typed), rows.map((r) => r.title), rows.map((r) => r.body.replace(/[*_`#>[\]()]/g, ""))],
  );
