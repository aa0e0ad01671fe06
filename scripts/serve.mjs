// The production server: Next's request handler behind a node:http server of our own, so the
// TCP peer's address reaches the app. `next start` keeps whatever X-Forwarded-For a client
// sends, which would let anyone pick a fresh throttling bucket; here the peer is always the
// last entry (lib/http/server/forwarded-for.mjs), which lib/http/server/client-ip.ts reads.
// One Node process uses one core, so by default one worker process per core shares the port
// (scripts/lib/server-cluster.mjs); the primary forks them and never loads Next.
//   PORT (default 3000), HOSTNAME (default all interfaces), TRUST_PROXY_HOPS (default 0),
//   TRUSTED_PROXIES (default loopback: the proxies whose X-Forwarded-For is believed),
//   WEB_CONCURRENCY (default one per core; 1 = a single process, no primary),
//   API_VIA_NEXT (true: API calls too go through Next's router instead of straight to their handler)
// At boot it loads every API route and says how many it answers itself ("N routes direct, M via
// Next", naming the others and why); /api/health reports the same two numbers.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { join } from "node:path";
import { portHolder, portInUseMessage } from "./lib/ports.mjs";
import { PORT_IN_USE_EXIT, runPrimary, SLOT_VARIABLE } from "./lib/server-cluster.mjs";
import { webConcurrency } from "./lib/web-concurrency.mjs";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;
/** @param {number} workers */
const readyLine = (workers) =>
  `> Ready on http://${hostname ?? "localhost"}:${port}${workers > 1 ? ` (${workers} worker processes)` : ""}`;
const portInUse = () =>
  console.error(
    portInUseMessage({ port, service: "the Ticketry server", settings: [`PORT=<port>`], holder: portHolder(port) }),
  );

const count = cluster.isPrimary ? webConcurrency() : 0;
if (cluster.isPrimary && count > 1) {
  runPrimary({
    count,
    name: "Ticketry server",
    // Things that must run once per machine run in slot 1 only, and in its replacement should it
    // die: the job workers (graphile-worker would run correctly in every process, but each one
    // would hold its own connections and polling for no gain) and the SMTP receiver (one port).
    slotEnv: (slot) =>
      slot === 1 ? /** @type {Record<string, string>} */ ({}) : { JOBS_IN_SERVER: "false", INBOUND_SMTP_PORT: "" },
    onReady: () => console.log(readyLine(count)),
    onPortInUse: portInUse,
  });
} else {
  await serve();
}

async function serve() {
  const { default: next } = await import("next");
  const { forwardedFor, trustedProxies, trustedProxyHops } = await import("../lib/http/server/forwarded-for.mjs");
  const { withLanes } = await import("../lib/http/server/request-lanes.mjs");
  const { settleUnreadBody } = await import("../lib/http/server/unread-body.mjs");
  const { watchBodyRate } = await import("../lib/http/server/body-deadline.mjs");
  const { clientAddress } = await import("../lib/http/server/client-address.mjs");
  const { serverTimeouts } = await import("../lib/http/server/server-timeouts.mjs");
  const hops = trustedProxyHops();
  const proxies = trustedProxies();
  // Which worker answered (its slot number, not its pid): lets an operator and the tests see the
  // load spread over the processes. A single process sends none.
  const slot = cluster.isWorker ? process.env[SLOT_VARIABLE] : undefined;

  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  await app.prepare();
  // API calls go straight to their route handler, the rest through Next (lib/http/server/api-router.mjs).
  const handler = await apiHandler(app.getRequestHandler());
  // Floodable anonymous routes run a few at a time, a few per address, once their body has
  // arrived (lib/http/server/request-lanes.mjs).
  const handle = withLanes(handler, {
    addressOf: (req) => clientAddress(/** @type {string} */ (req.headers["x-forwarded-for"]), hops),
  });

  // Clients that drip their headers or bodies are cut off (lib/http/server/server-timeouts.mjs).
  const server = createServer(serverTimeouts, (req, res) => {
    req.headers["x-forwarded-for"] = forwardedFor(
      req.headers["x-forwarded-for"],
      req.socket.remoteAddress ?? "unknown",
      hops,
      proxies,
    );
    if (slot) res.setHeader("x-server-worker", slot);
    // A body the answer left unread is read off or the connection closed gently, never reset.
    settleUnreadBody(req, res);
    // Every body keeps to a minimum rate after a grace period (lib/http/server/body-deadline.mjs).
    watchBodyRate(req, res);
    handle(req, res);
  });
  server.once("error", (/** @type {NodeJS.ErrnoException} */ error) => {
    // Another program took the port after `npm start` checked it, or this runs on its own.
    if (error.code !== "EADDRINUSE") throw error;
    // Every worker hears it: the primary tells the person once.
    if (cluster.isWorker) process.exit(PORT_IN_USE_EXIT);
    portInUse();
    process.exit(1);
  });
  server.listen(port, hostname, () => {
    if (cluster.isPrimary) console.log(readyLine(1));
  });

  let stopping = false;
  function stop() {
    // Ctrl+C reaches a worker twice (from the terminal and from the primary): a second close
    // would call back at once with "not running" and cut the requests still in flight.
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(0));
    // Idle keep-alive sockets would hold the close open; in-flight requests finish first.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  }
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * The handler for every request: the API router in front of Next, or Next alone with
 * API_VIA_NEXT=true. Either way the boot log and /api/health say how the API routes are served.
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} viaNext
 * @returns {Promise<(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown>}
 */
async function apiHandler(viaNext) {
  const { apiRouteFolders } = await import("../lib/http/server/api-route-files.mjs");
  const { publishApiRouteCounts } = await import("../lib/http/server/api-route-counts.mjs");
  const routes = apiRouteFolders(join(process.cwd(), "app"));
  if (process.env.API_VIA_NEXT === "true") {
    publishApiRouteCounts({ direct: 0, viaNext: routes.length });
    console.log(`> API: 0 routes direct, ${routes.length} via Next (API_VIA_NEXT=true)`);
    return viaNext;
  }
  const { createApiRouter } = await import("../lib/http/server/api-router.mjs");
  const router = await createApiRouter({
    routes,
    distDir: join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next"),
    hostname,
    port,
    isProduction: process.env.NODE_ENV === "production",
    fallback: viaNext,
  });
  publishApiRouteCounts({ direct: router.direct.length, viaNext: router.viaNext.length });
  const summary = `> API: ${router.direct.length} routes direct, ${router.viaNext.length} via Next`;
  if (router.viaNext.length === 0) console.log(summary);
  // Every route left to Next is slower than it should be: said loudly, with why.
  else console.error(`${summary}: ${router.viaNext.map(({ route, reason }) => `${route} (${reason})`).join("; ")}`);
  return router.handle;
}
