// The physical limit: node:http + pg, no framework, running the same SQL as the app's list,
// queue counts, detail, replies and ticket pane (lib/services/tickets/list.ts, tickets/pane-sql.mjs)
// including a per-request session user lookup (which the app's session cache may skip).
// Started by bench/run.mjs: node bench/raw-server.mjs <port>. It runs as many processes as the
// production server (WEB_CONCURRENCY, else one per core; node:cluster like scripts/serve.mjs), so the app's share of this limit compares equal process counts.
//   GET /list?org=&user=[&view=][&sort=attention]   /counts?org=&user=   /detail?org=&user=&id=   /replies?org=&user=&id=
//       /pane?org=&user=&id=   /help-search?org=&user=&q=   (the SQL: bench/lib/hot-sql.mjs)
import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";
import { runPrimary } from "../scripts/lib/server-cluster.mjs";
import * as sql from "./lib/hot-sql.mjs";
import { databasePoolSize } from "../lib/server/pool-size.mjs";
import { webConcurrency } from "../scripts/lib/web-concurrency.mjs";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: databasePoolSize(),
});
// RAW_UNNAMED=1: every statement unnamed (parsed and planned per call), as the app's were before
// lib/server/db.ts named its reads; bench/prepared.mjs measures the difference directly.
const unnamed = process.env.RAW_UNNAMED === "1";
/** @param {{ name: string, text: string, values: unknown[] }} q */
const run = (q) => pool.query(unnamed ? { text: q.text, values: q.values } : q);

/**
 * The answer's JSON text, or null for a ticket the caller cannot see.
 * @param {URL} url
 */
async function handle(url) {
  // The bench names the organisation, the user and the ticket in every request.
  const param = (/** @type {string} */ name) => url.searchParams.get(name) ?? "";
  const org = param("org");
  const user = param("user");
  await run(sql.sessionUser(user));
  if (url.pathname === "/list") {
    // The rows' JSON as PostgreSQL wrote it, sent on as text as the app does.
    const sort = url.searchParams.get("sort") === "attention" ? "attention" : "created";
    const { rows } = await run(sql.list(org, user, url.searchParams.get("view") ?? "", sort));
    return `[${rows
      .slice(0, 50)
      .map((/** @type {{ json: string }} */ row) => row.json)
      .join(",")}]`;
  }
  if (url.pathname === "/counts") {
    const { rows } = await run(sql.counts(org, user));
    return JSON.stringify(Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)])));
  }
  // The help center's search: its ranked matches, then their titles and text with the words marked.
  if (url.pathname === "/help-search") {
    const { rows } = await run(sql.helpSearch(org, param("q")));
    const marked = await run(sql.helpHeadlines(param("q"), rows));
    return JSON.stringify(marked.rows);
  }
  // The ticket pane, the detail and the replies: the app's one statement with the same parts;
  // PostgreSQL finds the ticket and builds the JSON.
  /** @type {Record<string, "pane" | "ticket" | "replies">} */
  const parts = { "/pane": "pane", "/detail": "ticket", "/replies": "replies" };
  const part = parts[url.pathname];
  if (part) {
    const pane = (await run(sql.pane(org, param("id"), part))).rows[0]?.pane;
    if (!pane) return null;
    return JSON.stringify(part === "pane" ? pane : pane[part]);
  }
  return null;
}

const processes = cluster.isPrimary ? webConcurrency() : 1;
// The primary only forks; each worker has its own pool, as each app worker has.
if (processes > 1) runPrimary({ count: processes, name: "raw server" });
else
  http
    .createServer((req, res) => {
      handle(new URL(req.url ?? "/", "http://raw"))
        .then((text) => {
          res.writeHead(text ? 200 : 404, { "content-type": "application/json" });
          res.end(text ?? JSON.stringify({ error: "Not found" }));
        })
        .catch((error) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: String(error) }));
        });
    })
    .listen(Number(process.argv[2] ?? 3300), "127.0.0.1");
