// The SQL of the app's hot reads, written out for node-postgres: the raw limit (bench/raw-server.mjs)
// answers with it and bench/prepared.mjs times it unnamed and named. Kept to what the services
// read (lib/services/tickets.ts, replies.ts, ticket-pane.ts and the session check); each query
// is { name, text, values }: `name` makes it a prepared statement, as the app's reads are
// (lib/server/db.ts), so the share of the limit compares like with like.
const OPEN = `"status" IN ('open', 'pending', 'in_progress')`;
const DONE = `"status" IN ('resolved', 'closed')`;
const COLUMNS = `"id", "ticketNumber", "subject", "description", "priority"::text AS "priority", "status"::text AS "status", "category", "customerName",
  "customerEmail", "assignedToId", "organizationId", "createdAt", "updatedAt", "firstResponseDueAt", "resolutionDueAt", "firstRespondedAt", "resolvedAt", "closedAt",
  "version", "customerRepliedLast" AS "customerReplied"`;
const DAY = 24 * 3600_000;
const VIEWS = {
  "": () => ["", []],
  unassigned: () => [`AND ${OPEN} AND "assignedToId" IS NULL`, []],
  "my-open": (user) => [`AND ${OPEN} AND "assignedToId" = $3`, [user]],
  "all-open": () => [`AND ${OPEN}`, []],
};

const query = (name, text, values) => ({ name: `raw_${name}`, text, values });

export const sessionUser = (user) =>
  query(
    "user",
    `SELECT "id", "organizationId", "role"::text, "email", "fullName", "username", "avatar", "isActive", "sessionVersion" FROM "User" WHERE "id" IN ($1)`,
    [user],
  );

export function list(org, user, view = "") {
  const [where, extra] = (VIEWS[view] ?? VIEWS[""])(user);
  return query(
    `list_${view || "all"}`,
    `SELECT ${COLUMNS} FROM "Ticket" WHERE "organizationId" = $1 ${where} ORDER BY "createdAt" DESC, "id" DESC LIMIT $2`,
    [org, 51, ...extra],
  );
}

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
    [org, user, now, new Date(now - DAY), new Date(now - 7 * DAY)],
  );
}

// The columns Prisma reads for a ticket: every one but the search words (searchVector), which only
// the relevance order reads, inside the database.
const TICKET_ROW = `"id", "organizationId", "ticketNumber", "subject", "description", "priority"::text, "status"::text, "category",
  "customerName", "customerEmail", "assignedToId", "createdById", "raisedByCustomer", "firstResponseDueAt", "resolutionDueAt",
  "slaRiskAt", "firstRespondedAt", "resolvedAt", "closedAt", "customerRepliedLast", "createdAt", "updatedAt", "version",
  "fieldVersions", "tagIds"`;

export const ticket = (org, id) =>
  query("ticket", `SELECT ${TICKET_ROW} FROM "Ticket" WHERE "id" = $1 AND "organizationId" = $2 LIMIT 1`, [id, org]);

export const replies = (org, id) =>
  query(
    "replies",
    `SELECT r."id", r."ticketId", r."content", r."type"::text, r."authorType"::text, r."authorEmail", r."createdAt", u."fullName" AS "authorName"
    FROM "Reply" r LEFT JOIN "User" u ON u."id" = r."authorId"
    WHERE r."organizationId" = $1 AND r."ticketId" = $2 ORDER BY r."createdAt" ASC, r."id" ASC`,
    [org, id],
  );

export const attachments = (org, id) =>
  query(
    "attachments",
    `SELECT "id", "filename", "contentType", "size", "replyId" FROM "Attachment"
    WHERE "organizationId" = $1 AND "ticketId" = $2 ORDER BY "createdAt" ASC, "id" ASC`,
    [org, id],
  );

export const history = (org, id) =>
  query(
    "history",
    `SELECT "id", "action", "actorType"::text, "actorLabel", "metadata", "createdAt" FROM "AuditEvent"
    WHERE "organizationId" = $1 AND "ticketId" = $2 ORDER BY "createdAt" ASC`,
    [org, id],
  );

export const mail = (org, id) =>
  query(
    "mail",
    `SELECT "id", "createdAt", "source", "status", "classification", "authResults", "size", substring("raw" from 1 for 32768) AS "head"
    FROM "InboundMessage" WHERE "organizationId" = $1 AND "ticketId" = $2 ORDER BY "createdAt" ASC, "id" ASC LIMIT 200`,
    [org, id],
  );

export const mailFailure = (org, email) =>
  query(
    "mail_failure",
    `SELECT "reason", "failedAt" FROM "MailAddressFailure" WHERE "organizationId" = $1 AND "email" = $2 LIMIT 1`,
    [org, email],
  );

export const customerCounts = (org, email) =>
  query(
    "customer_counts",
    `SELECT count(*) AS total, count(*) FILTER (WHERE ${OPEN}) AS open, min("createdAt") AS first
    FROM "Ticket" WHERE "organizationId" = $1 AND "customerEmail" = $2`,
    [org, email],
  );

export const customerTickets = (org, email, id) =>
  query(
    "customer_tickets",
    `SELECT "id", "ticketNumber", "subject", "status"::text AS "status", "updatedAt"
    FROM "Ticket" WHERE "organizationId" = $1 AND "customerEmail" = $2 AND "id" <> $3
    ORDER BY "updatedAt" DESC LIMIT 10`,
    [org, email, id],
  );

export const viewers = (org, id, now = new Date()) =>
  query(
    "viewers",
    `SELECT p."userId", p."typing", p."seenAt", u."fullName", u."isActive" FROM "TicketPresence" p
    JOIN "User" u ON u."id" = p."userId"
    WHERE p."organizationId" = $1 AND p."ticketId" = $2 AND p."seenAt" >= $3
    ORDER BY p."typing" DESC, p."seenAt" ASC`,
    [org, id, new Date(now - 25_000)],
  );

/** The staff pane's reads once the ticket is found, side by side as ticketPane runs them. */
export const paneParts = (org, found, now = new Date()) => [
  attachments(org, found.id),
  replies(org, found.id),
  history(org, found.id),
  mail(org, found.id),
  mailFailure(org, found.customerEmail),
  customerCounts(org, found.customerEmail),
  customerTickets(org, found.customerEmail, found.id),
  viewers(org, found.id, now),
];
