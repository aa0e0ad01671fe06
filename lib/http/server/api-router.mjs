// API requests go straight to their route handler. Next's way to one (its router server, route
// matching, the route module's request stores and the piping of web streams into Node's
// response) cost more CPU than most API calls' own work: at a million tickets the queue
// counts answered 1,191 req/s through it and 2,559 without it on the same two cores.
//
// Every API route is a function made by the one route wrapper (lib/http/server/route.ts) that
// takes a NextRequest and returns a Response; that is all an API route uses of Next while it
// answers (nothing from next/headers, no after()), and the integration tests call the same
// functions the same way. So the production server (scripts/serve.mjs) loads the function from
// the production build, calls it and writes its Response itself: the session check, permission,
// zod, same-origin check and error shape are the wrapper's as before. The headers next.config.mjs
// gives API answers come from the same rules (lib/security/headers.mjs).
//
// Next still answers everything else: pages and assets, HEAD and OPTIONS (whose answers Next
// derives from the route), paths it would decode, normalise or redirect first (see
// api-route-table.mjs), a method the route does not export (Next's 405), and every path of a
// route whose module this router could not load. `API_VIA_NEXT=true` sends all of it to Next.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Readable } from "node:stream";
import compression from "compression";
import { apiHeaders } from "../../security/headers.mjs";
import { apiRouteTable } from "./api-route-table.mjs";
import { BODY_TEXT } from "./body-text.mjs";

const require = createRequire(import.meta.url);
const HANDLED_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const INTERNAL_ERROR = JSON.stringify({ error: "Internal server error", code: "internal" });

/**
 * @param {{
 *   distDir: string,
 *   hostname: string | undefined,
 *   port: number,
 *   isProduction: boolean,
 *   fallback: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown,
 *   log?: (line: string) => void,
 * }} options `fallback` answers what this router leaves to Next
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function createApiRouter({ distDir, hostname, port, isProduction, fallback, log = console.error }) {
  const { NextRequest } = require("next/server");
  const match = apiRouteTable(JSON.parse(readFileSync(join(distDir, "server", "app-paths-manifest.json"), "utf8")));
  const headersFor = apiHeaders(isProduction);
  // The address Next gives a request of a server started with this hostname and port, so that
  // req.nextUrl (the same-origin check's own origin) reads as it did behind Next.
  const host = `${hostname?.includes(":") ? `[${hostname}]` : (hostname ?? "localhost")}:${port}`;
  /** @type {Map<string, Promise<Record<string, unknown>>>} */
  const modules = new Map();
  // Compressed as Next compresses its answers (gzip or brotli when the client takes it, from
  // 1 KB, never a no-transform answer such as the live event stream): a page of the queue is
  // about 40 KB of JSON and 6 KB gzipped.
  const compress = compression();

  function userlandOf(file) {
    let loading = modules.get(file);
    if (!loading) {
      loading = loadUserland(join(distDir, "server", file));
      loading.catch((error) =>
        log(
          JSON.stringify({
            level: "error",
            message: `API route ${file} could not be loaded; Next answers it instead`,
            error: String(error?.stack ?? error),
          }),
        ),
      );
      modules.set(file, loading);
    }
    return loading;
  }

  return (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    const found = HANDLED_METHODS.has(req.method ?? "") && pathname.startsWith("/api/") ? match(pathname) : null;
    if (!found) return fallback(req, res);
    userlandOf(found.file)
      .then(
        (userland) => {
          const handler = userland[/** @type {string} */ (req.method)];
          if (typeof handler !== "function") return fallback(req, res);
          return answer(req, res, handler, found.params, pathname);
        },
        () => fallback(req, res),
      )
      // The route wrapper answers every error of its own; this is for anything past it (a
      // handler without the wrapper, a header Node refuses): logged, and never a crash.
      .catch((error) => {
        log(
          JSON.stringify({ level: "error", method: req.method, path: pathname, error: String(error?.stack ?? error) }),
        );
        if (res.headersSent) {
          res.destroy();
          return;
        }
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        res.writeHead(500, { ...headersFor(pathname), "content-type": "application/json" });
        res.end(INTERNAL_ERROR);
      });
  };

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
      body: hasBody ? Readable.toWeb(req) : undefined,
      duplex: hasBody ? "half" : undefined,
      signal: aborted.signal,
    });
    const response = await handler(request, { params: Promise.resolve(params) });
    if (!(response instanceof Response)) throw new Error("the handler returned no Response");
    await send(res, response, headersFor(pathname));
  }
}

async function loadUserland(path) {
  const { routeModule } = require(path);
  await routeModule.ensureUserland();
  return routeModule.userland;
}

/** The request's headers for a NextRequest (Node has already joined repeated ones, as Next does). */
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
  const text = response[BODY_TEXT];
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

/** Resolves when the socket takes more, or is gone. */
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
