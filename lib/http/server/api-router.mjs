// API requests go straight to their route handler. Next's way to one (its router server, route
// matching, the route module's request stores and the piping of web streams into Node's
// response) costs more CPU than most API calls' own work, so going around it is most of what
// the production server can do for API throughput.
//
// Every API route is a function made by the one route wrapper (lib/http/server/route.ts) that
// takes a NextRequest and returns a Response; that is all an API route uses of Next while it
// answers (nothing from next/headers, no after()), and the integration tests call the same
// functions the same way. So the production server (scripts/serve.mjs) loads every route's
// functions from the production build at boot, calls them and writes their Response itself: the
// session check, permission, zod, same-origin check and error shape are the wrapper's as before.
// The headers next.config.mjs gives API answers come from the same rules (lib/security/headers.mjs).
//
// Next still answers everything else: pages and assets, HEAD and OPTIONS (whose answers Next
// derives from the route), paths it would decode, normalise or redirect first (see
// api-route-table.mjs), a method the route does not export (Next's 405), and every path of a
// route whose compiled module could not be loaded. The boot log line and /api/health count
// those routes, so a fallback is never quiet. `API_VIA_NEXT=true` sends all of it to Next.
import { createRequire } from "node:module";
import compression from "compression";
import { apiHeaders } from "../../security/headers.mjs";
import { apiRouteTable } from "./api-route-table.mjs";
import { BODY_TEXT } from "./body-text.mjs";
import { loadCompiledRoute } from "./next-route-module.mjs";
import { requestBody } from "./request-body.mjs";

const require = createRequire(import.meta.url);
const HANDLED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const INTERNAL_ERROR = JSON.stringify({ error: "Internal server error", code: "internal" });

/** @typedef {import("node:http").IncomingMessage} Req */
/** @typedef {import("node:http").ServerResponse} Res */
/** @typedef {(request: Request, context: { params: Promise<Record<string, string | string[]>> }) => unknown} Handler */
/**
 * @typedef {{
 *   handle: (req: Req, res: Res) => void,
 *   direct: string[],
 *   viaNext: { route: string, reason: string }[],
 * }} ApiRouter
 */

/**
 * Loads every route in `routes` from the build and returns the request handler with what it
 * serves itself (`direct`) and what it leaves to Next, and why (`viaNext`).
 * @param {{
 *   routes: readonly string[],
 *   distDir: string,
 *   hostname: string | undefined,
 *   port: number,
 *   isProduction: boolean,
 *   fallback: (req: Req, res: Res) => unknown,
 *   log?: (line: string) => void,
 *   load?: (distDir: string, route: string) => Promise<Record<string, unknown>>,
 * }} options `routes`: the app's route folders (api-route-files.mjs); `fallback` answers what
 *   this router leaves to Next; `load` is for tests
 * @returns {Promise<ApiRouter>}
 */
export async function createApiRouter({
  routes,
  distDir,
  hostname,
  port,
  isProduction,
  fallback,
  log = console.error,
  load = loadCompiledRoute,
}) {
  /** @type {typeof import("next/server").NextRequest} */
  const NextRequest = require("next/server").NextRequest;
  const match = apiRouteTable(routes);
  const headersFor = apiHeaders(isProduction);
  // The address Next gives a request of a server started with this hostname and port, so that
  // req.nextUrl (the same-origin check's own origin) reads as it did behind Next.
  const host = `${hostname?.includes(":") ? `[${hostname}]` : (hostname ?? "localhost")}:${port}`;
  // Compressed as Next compresses its answers (gzip or brotli when the client takes it, from
  // 1 KB, never a no-transform answer such as the live event stream): a page of the queue is
  // JSON that shrinks to a fraction of its size.
  const compress = compression();

  /** @type {Map<string, Record<string, unknown>>} */
  const handlers = new Map();
  /** @type {{ route: string, reason: string }[]} */
  const viaNext = [];
  for (const route of routes) {
    try {
      const userland = await load(distDir, route);
      if (!HANDLED_METHODS.some((method) => typeof userland[method] === "function"))
        throw new Error(`it exports none of ${HANDLED_METHODS.join(", ")}`);
      handlers.set(route, userland);
    } catch (error) {
      viaNext.push({ route, reason: firstLine(error) });
    }
  }
  const direct = routes.filter((route) => handlers.has(route));

  /** @type {(req: Req, res: Res) => void} */
  const handle = (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    const method = req.method ?? "";
    const found = HANDLED_METHODS.includes(method) && pathname.startsWith("/api/") ? match(pathname) : null;
    const handler = found && handlers.get(found.route)?.[method];
    if (!found || typeof handler !== "function") {
      fallback(req, res);
      return;
    }
    answer(req, res, /** @type {Handler} */ (handler), found.params, pathname)
      // The route wrapper answers every error of its own; this is for anything past it (a
      // handler without the wrapper, a header Node refuses): logged, and never a crash.
      .catch((error) => {
        log(JSON.stringify({ level: "error", method, path: pathname, error: String(error?.stack ?? error) }));
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // Whether the connection closes after this answer is the server's, not the handler's.
        for (const name of res.getHeaderNames()) if (name !== "connection") res.removeHeader(name);
        res.writeHead(500, { ...headersFor(pathname), "content-type": "application/json" });
        res.end(INTERNAL_ERROR);
      });
  };

  /**
   * @param {Req} req
   * @param {Res} res
   * @param {Handler} handler
   * @param {Record<string, string | string[]>} params
   * @param {string} pathname
   */
  async function answer(req, res, handler, params, pathname) {
    compress(req, res, () => {});
    const aborted = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) aborted.abort();
    });
    const protocol = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
    const hasBody = req.method !== "GET";
    const request = new NextRequest(`${protocol}://${host}${req.url}`, {
      method: req.method,
      headers: headersOf(req),
      body: hasBody ? requestBody(req) : undefined,
      // Node's fetch needs `duplex` for a streamed body.
      duplex: hasBody ? "half" : undefined,
      signal: aborted.signal,
    });
    const response = await handler(request, { params: Promise.resolve(params) });
    if (!(response instanceof Response)) throw new Error("the handler returned no Response");
    // The server has answered for it already: its body came too slowly (body-deadline.mjs).
    if (res.writableEnded) return;
    await send(res, response, headersFor(pathname));
  }

  return { handle, direct, viaNext };
}

/** @param {unknown} error */
function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split("\n")[0];
}

/**
 * The request's headers for a NextRequest (Node has already joined repeated ones, as Next does).
 * @param {Req} req
 */
function headersOf(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * Writes a route's Response: the configured API headers first, the route's own over them (as
 * behind Next), every Set-Cookie kept apart; a body the route wrote as text goes out at once,
 * any other is streamed (live events) until it ends or the client leaves.
 * @param {Res} res
 * @param {Response} response
 * @param {Record<string, string>} configured
 */
async function send(res, response, configured) {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(configured)) res.setHeader(name, value);
  for (const [name, value] of response.headers)
    // NextResponse repeats its cookies in x-middleware-set-cookie for Next's middleware; Next
    // drops that header, and so does this.
    if (name !== "set-cookie" && !name.startsWith("x-middleware-")) res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const text = /** @type {Response & { [BODY_TEXT]?: unknown }} */ (response)[BODY_TEXT];
  if (typeof text === "string" && !response.bodyUsed) {
    res.setHeader("content-length", Buffer.byteLength(text));
    res.end(text);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const leave = () => reader.cancel().catch(() => {});
  res.once("close", leave);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    res.off("close", leave);
  }
}

/**
 * Resolves when the socket takes more, or is gone.
 * @param {Res} res
 * @returns {Promise<void>}
 */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
