// The production server: Next's request handler behind a node:http server of our own, so the
// TCP peer's address reaches the app. `next start` keeps whatever X-Forwarded-For a client
// sends, which would let anyone pick a fresh throttling bucket; here the peer is always the
// last entry (lib/http/server/forwarded-for.mjs), which lib/http/server/client-ip.ts reads.
//   PORT (default 3000), HOSTNAME (default all interfaces), TRUST_PROXY_HOPS (default 0),
//   TRUSTED_PROXIES (default loopback: the proxies whose X-Forwarded-For is believed)
import { createServer } from "node:http";
import next from "next";
import { forwardedFor, trustedProxies, trustedProxyHops } from "../lib/http/server/forwarded-for.mjs";
import { withLanes } from "../lib/http/server/request-lanes.mjs";
import { portHolder, portInUseMessage } from "./lib/ports.mjs";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;
const hops = trustedProxyHops();
const proxies = trustedProxies();

const app = next({ dev: false, dir: process.cwd(), port, hostname });
// Floodable anonymous routes run a few at a time (lib/http/server/request-lanes.mjs).
const handle = withLanes(app.getRequestHandler());
await app.prepare();

const server = createServer((req, res) => {
  req.headers["x-forwarded-for"] = forwardedFor(
    req.headers["x-forwarded-for"],
    req.socket.remoteAddress ?? "unknown",
    hops,
    proxies,
  );
  handle(req, res);
});
server.once("error", (error) => {
  // Another program took the port after `npm start` checked it, or this runs on its own.
  if (error.code !== "EADDRINUSE") throw error;
  console.error(
    portInUseMessage({ port, service: "the Ticketry server", settings: [`PORT=<port>`], holder: portHolder(port) }),
  );
  process.exit(1);
});
server.listen(port, hostname, () => console.log(`> Ready on http://${hostname ?? "localhost"}:${port}`));

function stop() {
  server.close(() => process.exit(0));
  // Idle keep-alive sockets would hold the close open; in-flight requests finish first.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
