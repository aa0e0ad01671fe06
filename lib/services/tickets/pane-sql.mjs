// The ticket pane as one SQL statement: PostgreSQL finds the visible ticket and builds every part
// the caller may read as one JSON value, so opening a ticket is one round trip instead of eleven.
// Plain JavaScript because the benchmark's raw server (bench/raw-server.mjs) runs this very
// statement, so the app's share of the raw limit compares the same work.
// lib/services/tickets/pane.ts turns the answer into the pane; each part must stay exactly what its
// own call answers (tests/integration/tickets/ticket-pane.test.ts compares them).
import { openSql } from "../../tickets/statuses.mjs";
import { iso, ticketFields, ticketGroup } from "./json-sql.mjs";
import { scopeSql } from "./scope-sql.mjs";

const OPEN = openSql();

/**
 * A JSON array of the rows a subquery gives, `[]` when none.
 * @param {string} element
 * @param {string} from
 */
const array = (element, from, order = "") =>
  `(SELECT coalesce(json_agg(${element}${order && ` ORDER BY ${order}`}), '[]'::json) FROM ${from})`;

const files = (/** @type {string} */ where) =>
  array(
    `json_build_object('id', f."id", 'filename', f."filename", 'contentType', f."contentType", 'size', f."size")`,
    `"Attachment" f WHERE f."organizationId" = t."organizationId" AND f."ticketId" = t."id" AND ${where}`,
    `f."createdAt", f."id"`,
  );

const TICKET = `json_build_object(${ticketFields("t")},
    'createdById', t."createdById", 'raisedByCustomer', t."raisedByCustomer",
    'customerRepliedLast', t."customerRepliedLast", 'fieldVersions', t."fieldVersions",
    'attachments', ${files(`f."replyId" IS NULL AND f."sent"`)})`;

// The tags by name in the ticket's order; a tag deleted since is left out. Each is read by its
// key, one lookup per tag the ticket holds: matched with `= ANY`, or joined, the planner read all
// of the organisation's tags instead (at a million tickets, 14 buffers for a ticket with one tag
// against 3; at ten thousand the whole table is two pages). OFFSET 0 keeps each lookup where it is.
const TAGS = array(
  `x."name"`,
  `(SELECT (SELECT g."name" FROM "Tag" g WHERE g."id" = u."id" AND g."organizationId" = t."organizationId") AS "name", u."at"
      FROM unnest(t."tagIds") WITH ORDINALITY AS u("id", "at") OFFSET 0) x
    WHERE x."name" IS NOT NULL`,
  `x."at"`,
);

// Where a later page of the conversation starts: the redundant bound on the time lets the
// (organisation, ticket, created) index start at the cursor.
const repliesAfter = (/** @type {string} */ at, /** @type {string} */ id) =>
  ` AND r."createdAt" <= ${at} AND (r."createdAt", r."id") < (${at}, ${id})`;

// The reply's stored body columns go out as they are: which of them is shown, and whether an
// older renderer's HTML must be made again, is decided in JavaScript (lib/services/replies/body.ts).
// The newest messages first, `limit` of them (before the cursor's `after` condition when paging):
// like the history, the caller keeps a page and learns from the one more whether earlier ones exist.
/**
 * @param {{ publicOnly: boolean, staff: boolean }} who
 * @param {string} limit
 * @param {string} after
 */
const replies = ({ publicOnly, staff }, limit, after) =>
  array(
    `json_build_object('id', r."id", 'ticketId', r."ticketId", 'content', r."content", 'format', r."format"::text,
      'contentHtml', r."contentHtml", 'contentHtmlVersion', r."contentHtmlVersion", 'type', r."type"::text,
      'authorType', r."authorType"::text,${staff ? ` 'authorEmail', r."authorEmail",` : ""} 'authorFullName', r."authorFullName",
      'senderVerified', r."senderVerified",
      'createdAt', ${iso(`r."createdAt"`)}, 'attachments', ${files(`f."replyId" = r."id"`)})`,
    `(SELECT r.*, u."fullName" AS "authorFullName" FROM "Reply" r LEFT JOIN "User" u ON u."id" = r."authorId"
        WHERE r."organizationId" = t."organizationId" AND r."ticketId" = t."id"${publicOnly ? ` AND r."type" = 'public'` : ""}${after}
        ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${limit}::int) r`,
    `r."createdAt" DESC, r."id" DESC`,
  );

// The newest changes first, `limit` of them: the caller keeps one page and knows from the one
// more whether earlier changes exist (the history call's own page, see ticketHistory).
const history = (/** @type {string} */ limit) =>
  array(
    `json_build_object('id', e."id", 'action', e."action", 'actorType', e."actorType", 'actorLabel', e."actorLabel",
      'metadata', e."metadata", 'createdAt', ${iso(`e."createdAt"`)})`,
    `(SELECT "id", "action", "actorType", "actorLabel", "metadata", "createdAt" FROM "AuditEvent"
        WHERE "organizationId" = t."organizationId" AND "ticketId" = t."id"
        ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}::int) e`,
    `e."createdAt" DESC, e."id" DESC`,
  );

// Only each message's head leaves the database (From and Subject are read from it in JavaScript):
// a ticket may hold 200 originals of up to 25 MB each.
const mail = (/** @type {string} */ headBytes, /** @type {string} */ limit) => `json_build_object(
    'messages', ${array(
      `json_build_object('id', m."id", 'receivedAt', ${iso(`m."createdAt"`)}, 'source', m."source", 'status', m."status",
        'classification', m."classification", 'authResults', m."authResults", 'size', m."size", 'head', m."head")`,
      `(SELECT "id", "createdAt", "source", "status", "classification", "authResults", "size",
          encode(substring("raw" from 1 for ${headBytes}::int), 'base64') AS "head"
        FROM "InboundMessage" WHERE "organizationId" = t."organizationId" AND "ticketId" = t."id"
        ORDER BY "createdAt" ASC, "id" ASC LIMIT ${limit}::int) m`,
      `m."createdAt", m."id"`,
    )},
    'customerAddressFailing', (SELECT json_build_object('code', a."code", 'failedAt', ${iso(`a."failedAt"`)})
      FROM "MailAddressFailure" a WHERE a."organizationId" = t."organizationId" AND a."email" = t."customerEmail"))`;

// The customer's other tickets come newest first from the (organisation, address, updated) index;
// the aggregate keeps the order the subquery read them in.
const customer = (
  /** @type {string} */ placeholder,
  /** @type {string} */ otherTickets,
) => `CASE WHEN t."customerEmail" = ${placeholder} THEN NULL ELSE json_build_object(
    'counts', (SELECT json_build_object('total', count(*), 'open', count(*) FILTER (WHERE ${OPEN}), 'first', ${iso(`min("createdAt")`)})
      FROM "Ticket" WHERE "organizationId" = t."organizationId" AND "customerEmail" = t."customerEmail"),
    'otherTickets', ${array(
      `json_build_object('id', o."id", 'ticketNumber', o."ticketNumber", 'subject', o."subject", 'status', o."status", 'updatedAt', ${iso(`o."updatedAt"`)})`,
      `(SELECT "id", "ticketNumber", "subject", "status"::text AS "status", "updatedAt" FROM "Ticket"
          WHERE "organizationId" = t."organizationId" AND "customerEmail" = t."customerEmail" AND "id" <> t."id"
          ORDER BY "updatedAt" DESC LIMIT ${otherTickets}::int) o`,
    )}) END`;

const viewers = (/** @type {string} */ since) =>
  array(
    `json_build_object('userId', p."userId", 'fullName', u."fullName", 'typing', p."typing", 'seenAt', ${iso(`p."seenAt"`)})`,
    `"TicketPresence" p JOIN "User" u ON u."id" = p."userId"
      WHERE p."organizationId" = t."organizationId" AND p."ticketId" = t."id" AND p."seenAt" >= ${since} AND u."isActive"`,
    `p."typing" DESC, p."seenAt" ASC`,
  );

const RATING = `(SELECT json_build_object('score', s."score"::text, 'comment', s."comment", 'ratedAt', ${iso(`s."ratedAt"`)},
    'updatedAt', ${iso(`s."updatedAt"`)}, 'agentName', u."fullName")
  FROM "SatisfactionRating" s LEFT JOIN "User" u ON u."id" = s."agentId"
  WHERE s."organizationId" = t."organizationId" AND s."ticketId" = t."id")`;

const ref = (/** @type {string} */ t) =>
  `json_build_object('id', ${t}."id", 'ticketNumber', ${t}."ticketNumber", 'subject', ${t}."subject",
    'status', ${t}."status"::text, 'customerEmail', ${t}."customerEmail")`;

// What the ticket was merged into, what was merged into it, and the tickets linked to it from
// either side (a link is one row, the smaller id first), each list by number.
const RELATIONS = `json_build_object(
    'mergedInto', (SELECT ${ref("m")} FROM "Ticket" m WHERE m."id" = t."mergedIntoId" AND m."organizationId" = t."organizationId"),
    'merged', ${array(ref("m"), `"Ticket" m WHERE m."mergedIntoId" = t."id" AND m."organizationId" = t."organizationId"`, `m."ticketNumber"`)},
    'related', ${array(
      ref("o"),
      `"TicketLink" l JOIN "Ticket" o ON o."id" = CASE WHEN l."ticketId" = t."id" THEN l."linkedTicketId" ELSE l."ticketId" END
        WHERE l."organizationId" = t."organizationId" AND (l."ticketId" = t."id" OR l."linkedTicketId" = t."id")`,
      `o."ticketNumber"`,
    )})`;

// The knowledge base articles each reply sent, the replies oldest first and each one's articles
// by title; at most `limit` of them, far more than any conversation sends.
const articlesSent = (/** @type {string} */ limit) =>
  `json_build_object('sent', ${array(
    `json_build_object('replyId', s."replyId", 'articles', s."articles")`,
    `(SELECT x."replyId", min(x."createdAt") AS "at", json_agg(json_build_object('id', a."id", 'title', a."title",
        'slug', a."slug", 'status', a."status"::text) ORDER BY a."title", a."id") AS "articles"
      FROM (SELECT "replyId", "articleId", "createdAt" FROM "KbArticleSent"
        WHERE "organizationId" = t."organizationId" AND "ticketId" = t."id"
        ORDER BY "createdAt", "replyId" LIMIT ${limit}::int) x
      JOIN "KbArticle" a ON a."id" = x."articleId"
      GROUP BY x."replyId") s`,
    `s."at", s."replyId"`,
  )})`;

// The customer's company beside the ticket: its other people (addresses seen on its tickets, most
// tickets first, and those added by hand), its latest other tickets, its counts and the team's
// notes. Null when the customer belongs to none.
const company = (/** @type {string} */ people, /** @type {string} */ tickets) => `json_build_object('company', (
  SELECT json_build_object('id', c."id", 'name', c."name", 'notes', c."notes", 'domains', c."domains",
    'otherPeople', ${array(
      `json_build_object('email', p."email", 'name', p."name", 'tickets', p."tickets", 'addedByHand', p."addedByHand")`,
      `(SELECT coalesce(s."email", m."email") AS "email", s."name", coalesce(s."tickets", 0) AS "tickets",
            m."email" IS NOT NULL AS "addedByHand"
          FROM (SELECT "customerEmail" AS "email", count(*)::int AS "tickets",
              (array_agg("customerName" ORDER BY "updatedAt" DESC))[1] AS "name"
            FROM "Ticket" WHERE "organizationId" = t."organizationId" AND "companyId" = c."id" GROUP BY "customerEmail") s
          FULL JOIN (SELECT "email" FROM "CompanyMember" WHERE "companyId" = c."id") m ON m."email" = s."email"
          WHERE coalesce(s."email", m."email") IS DISTINCT FROM t."customerEmail"
          ORDER BY 3 DESC, 1 LIMIT ${people}::int) p`,
      `p."tickets" DESC, p."email"`,
    )},
    'recentTickets', ${array(
      `json_build_object('id', o."id", 'ticketNumber', o."ticketNumber", 'subject', o."subject", 'status', o."status",
        'customerEmail', o."customerEmail", 'updatedAt', ${iso(`o."updatedAt"`)})`,
      `(SELECT "id", "ticketNumber", "subject", "status"::text AS "status", "customerEmail", "updatedAt" FROM "Ticket"
          WHERE "organizationId" = t."organizationId" AND "companyId" = c."id" AND "id" <> t."id"
          ORDER BY "updatedAt" DESC LIMIT ${tickets}::int) o`,
      `o."updatedAt" DESC`,
    )},
    'totalTickets', n."total", 'openTickets', n."open")
  FROM "Company" c, LATERAL (SELECT count(*)::int AS "total", (count(*) FILTER (WHERE ${OPEN}))::int AS "open"
    FROM "Ticket" WHERE "organizationId" = t."organizationId" AND "companyId" = c."id") n
  WHERE c."id" = t."companyId" AND c."organizationId" = t."organizationId"))`;

/**
 * @typedef {{ ticket: boolean, replies: boolean, tags: boolean, group: boolean, history: boolean, customer: boolean,
 *   viewers: boolean, rating: boolean, relations: boolean, articlesSent: boolean, company: boolean }} Parts
 */

/**
 * The parts one call reads, from every part the caller may read: the whole pane, the ticket alone
 * (with its tags), the conversation alone, or one other part alone (its own call).
 * @template {Parts} P
 * @param {P} parts
 * @param {"pane" | "ticket" | "replies" | "relations" | "articlesSent" | "company"} call
 * @returns {P}
 */
export function partsOf(parts, call) {
  if (call === "pane") return parts;
  const none = {
    history: false,
    customer: false,
    viewers: false,
    rating: false,
    relations: false,
    articlesSent: false,
    company: false,
  };
  const one = { ...parts, ...none };
  if (call === "ticket") return { ...one, replies: false };
  if (call === "replies") return { ...one, ticket: false, tags: false, group: false };
  return { ...one, ticket: false, replies: false, tags: false, group: false, [call]: parts[call] };
}

/**
 * The statement and its values. One row with one `pane` column when the ticket is visible to the
 * caller (`customerEmail` set: only a ticket raised with that address), no row otherwise. Parts
 * not asked for (the caller may not read them, or a call wants only one) are neither read nor named.
 * @param {{
 *   id: string, organizationId: string, customerEmail: string | null, now: Date,
 *   parts: Parts & { staff: boolean, internalNotes: boolean },
 *   limits: { headBytes: number, mailMessages: number, otherTickets: number, presenceTtlMs: number, placeholderEmail: string, historyEvents: number, replies: number, articlesSent: number, companyPeople: number, companyTickets: number },
 *   repliesBefore?: { createdAt: Date, id: string },
 * }} input
 * @returns {{ text: string, values: unknown[] }}
 */
export function ticketPaneQuery({ id, organizationId, customerEmail, now, parts, limits, repliesBefore }) {
  /** @type {unknown[]} */
  const values = [id];
  const param = (/** @type {unknown} */ value) => `$${values.push(value)}`;
  // The caller's own tickets only (ticketScope in lib/services/tickets/access.ts).
  const scope = scopeSql({ organizationId, customerEmail }, "t");
  const visible = scope.strings.reduce((text, part, i) => text + param(scope.values[i - 1]) + part);
  const fields = [
    // Replies name a customer as the ticket names them.
    `'customerName', t."customerName"`,
    parts.ticket && `'ticket', ${TICKET}`,
    parts.replies &&
      `'replies', ${replies({ publicOnly: !parts.internalNotes, staff: parts.staff }, param(limits.replies), repliesBefore ? repliesAfter(param(repliesBefore.createdAt), param(repliesBefore.id)) : "")}`,
    parts.tags && `'tags', ${TAGS}`,
    parts.group && `'group', ${ticketGroup("t")}`,
    parts.history && `'history', ${history(param(limits.historyEvents))}`,
    parts.history && `'mail', ${mail(param(limits.headBytes), param(limits.mailMessages))}`,
    parts.customer && `'customer', ${customer(param(limits.placeholderEmail), param(limits.otherTickets))}`,
    parts.viewers && `'viewers', ${viewers(param(new Date(now.getTime() - limits.presenceTtlMs)))}`,
    parts.rating && `'rating', ${RATING}`,
    parts.relations && `'relations', ${RELATIONS}`,
    parts.articlesSent && `'articlesSent', ${articlesSent(param(limits.articlesSent))}`,
    parts.company && `'company', ${company(param(limits.companyPeople), param(limits.companyTickets))}`,
  ].filter(Boolean);
  const text = `SELECT json_build_object(${fields.join(",\n  ")}) AS "pane"
FROM "Ticket" t WHERE t."id" = $1 AND ${visible}`;
  return { text, values };
}
