// The physical limit: node:http + pg, no framework, running the same SQL as the app's list,
// queue counts and detail (lib/services/tickets.ts, replies.ts) including the per-request
// session user lookup. Started by bench/run.mjs: node bench/raw-server.mjs <port>. It runs as
// many processes as the production server (WEB_CONCURRENCY, else one per core; node:cluster like
// scripts/serve.mjs), so the app's share of this limit compares equal process counts.
//   GET /list?org=&user=[&view=]   /counts?org=&user=   /detail?org=&user=&id=   /replies?org=&user=&id=
import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";
import { runPrimary } from "../scripts/lib/server-cluster.mjs";
import { webConcurrency } from "../scripts/lib/web-concurrency.mjs";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const OPEN = `"status" IN ('open', 'pending', 'in_progress')`;
const DONE = `"status" IN ('resolved', 'closed')`;
const COLUMNS = `"id", "ticketNumber", "subject", "description", "priority"::text AS "priority", "status"::text AS "status", "category", "customerName",
  "customerEmail", "assignedToId", "organizationId", "createdAt", "updatedAt", "firstResponseDueAt", "resolutionDueAt", "firstRespondedAt", "resolvedAt", "closedAt"`;
const DAY = 24 * 3600_000;
const VIEWS = {
  "": () => ["", []],
  unassigned: () => [`AND ${OPEN} AND "assignedToId" IS NULL`, []],
  "my-open": (user) => [`AND ${OPEN} AND "assignedToId" = $3`, [user]],
  "all-open": () => [`AND ${OPEN}`, []],
};
const USER = `SELECT "id", "organizationId", "role"::text, "email", "fullName", "username", "avatar", "isActive", "sessionVersion" FROM "User" WHERE "id" = $1 LIMIT 1`;

async function handle(url) {
  const org = url.searchParams.get("org");
  const user = url.searchParams.get("user");
  await pool.query(USER, [user]);
  if (url.pathname === "/list") {
    const [where, extra] = VIEWS[url.searchParams.get("view") ?? ""]?.(user) ?? VIEWS[""]();
    const { rows } = await pool.query(
      `SELECT ${COLUMNS} FROM "Ticket" WHERE "organizationId" = $1 ${where} ORDER BY "createdAt" DESC, "id" DESC LIMIT $2`,
      [org, 51, ...extra],
    );
    return rows.slice(0, 50).map(({ assignedToId, ...t }) => ({ ...t, assignedTo: assignedToId }));
  }
  if (url.pathname === "/counts") {
    const now = new Date();
    const scope = `"organizationId" = $1`;
    const { rows } = await pool.query(
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
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  }
  if (url.pathname === "/detail" || url.pathname === "/replies") {
    const id = url.searchParams.get("id");
    const { rows } = await pool.query(`SELECT * FROM "Ticket" WHERE "id" = $1 AND "organizationId" = $2 LIMIT 1`, [
      id,
      org,
    ]);
    if (!rows[0] || url.pathname === "/detail") return rows[0] ?? null;
    const replies = await pool.query(
      `SELECT "id", "ticketId", "content", "type"::text, "authorType"::text, "authorEmail", "createdAt" FROM "Reply"
      WHERE "organizationId" = $1 AND "ticketId" = $2 ORDER BY "createdAt" ASC, "id" ASC`,
      [org, id],
    );
    return replies.rows;
  }
  return null;
}

const processes = cluster.isPrimary ? webConcurrency() : 1;
// The primary only forks; each worker has its own pool, as each app worker has.
if (processes > 1) runPrimary({ count: processes, name: "raw server" });
else
  http
    .createServer((req, res) => {
      handle(new URL(req.url, "http://raw"))
        .then((body) => {
          res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
          res.end(JSON.stringify(body ?? { error: "Not found" }));
        })
        .catch((error) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: String(error) }));
        });
    })
    .listen(Number(process.argv[2] ?? 3300), "127.0.0.1");
