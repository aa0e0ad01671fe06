/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiRouter } from "@/lib/http/server/api-router.mjs";
import { apiHeaders } from "@/lib/security/headers.mjs";

// The production server's API router against a build of its own: route modules laid out as
// Next's build writes them (server/app/**/route.js exporting routeModule.userland), a fallback
// standing for Next.

const routes: Record<string, string> = {
  // Echoes what the handler was given.
  "/api/echo/[id]": `
    const echo = async (req, { params }) => Response.json({
      url: req.url, method: req.method, params: await params, header: req.headers.get("x-test"),
      cookie: req.cookies.get("session")?.value ?? null, body: req.method === "GET" ? null : await req.text(),
    });
    module.exports = userland({ GET: echo, POST: echo });`,
  "/api/text": `
    const text = JSON.stringify({ ok: "é" });
    module.exports = userland({ GET: () => {
      const response = new Response(text, { headers: { "content-type": "application/json" } });
      Object.defineProperty(response, Symbol.for("ticketry.response-body-text"), { value: text });
      return response;
    } });`,
  "/api/cookies": `
    module.exports = userland({ GET: () => {
      const headers = new Headers({ "x-middleware-set-cookie": "a=1", "content-security-policy": "default-src 'self'" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response("{}", { status: 201, headers });
    } });`,
  // A stream that stays open until the client leaves; state.js records that it was cancelled.
  "/api/stream": `
    const state = require("../../../state.js");
    module.exports = userland({ GET: (req) => {
      req.signal.addEventListener("abort", () => { state.aborted = true; state.check(); });
      return new Response(new ReadableStream({
        start(controller) { controller.enqueue(new TextEncoder().encode("first\\n")); },
        cancel() { state.cancelled = true; state.check(); },
      }), { headers: { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" } });
    } });`,
  "/api/stream/state": `
    const state = require("../../../../state.js");
    module.exports = userland({ GET: () => Response.json(state) });`,
  "/api/throws": `module.exports = userland({ GET: () => { throw new Error("boom"); } });`,
  "/api/no-response": `module.exports = userland({ GET: () => "not a Response" });`,
  "/api/broken": `throw new Error("cannot load");`,
  "/api/only-head": `module.exports = userland({ HEAD: () => new Response(null) });`,
};

// What the stream route saw, as its state route answers it; `left` (not in the answer) settles
// once the request was aborted and the stream cancelled, so the test waits for that, not a clock.
const STATE_MODULE = `
  let settle;
  const state = { aborted: false, cancelled: false };
  Object.defineProperty(state, "left", { value: new Promise((resolve) => (settle = resolve)) });
  Object.defineProperty(state, "check", { value: () => state.aborted && state.cancelled && settle() });
  module.exports = state;`;

let distDir: string;
let server: Server;
let port: number;
let router: Awaited<ReturnType<typeof createApiRouter>>;
const logged: string[] = [];

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), "api-router-"));
  for (const [route, source] of Object.entries(routes)) {
    const file = path.join(distDir, "server", `app${route}`, "route.js");
    mkdirSync(path.dirname(file), { recursive: true });
    const helper = `const userland = (handlers) => ({ routeModule: { ensureUserland: async () => {}, userland: handlers } });`;
    writeFileSync(file, `${helper}\n${source}`);
  }
  writeFileSync(path.join(distDir, "server", "state.js"), STATE_MODULE);
  router = await createApiRouter({
    // A route in the source tree that the build lacks (added after the build) is one more for Next.
    routes: [...Object.keys(routes), "/api/not-built"],
    distDir,
    hostname: undefined,
    port: 3999,
    isProduction: true,
    fallback: (req, res) => {
      res.writeHead(299, { "content-type": "text/plain" });
      res.end(`next: ${req.method} ${req.url}`);
    },
    log: (line) => logged.push(line),
  });
  server = createServer(router.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function call(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: pathname, method: options.method, headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body);

const INTERNAL = { error: "Internal server error", code: "internal" };

describe("the API router", () => {
  it("calls the route's handler with the request as Next would build it", async () => {
    const answer = await call("/api/echo/t-7?x=1", { headers: { "x-test": "yes", cookie: "session=abc; other=1" } });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({
      url: "http://localhost:3999/api/echo/t-7?x=1",
      method: "GET",
      params: { id: "t-7" },
      header: "yes",
      cookie: "abc",
      body: null,
    });
    const behindTls = await call("/api/echo/1", { headers: { "x-forwarded-proto": "https" } });
    expect(json(behindTls).url).toBe("https://localhost:3999/api/echo/1");
  });

  it("hands the handler the request's body", async () => {
    const answer = await call("/api/echo/2", {
      method: "POST",
      body: '{"a":1}',
      headers: { "content-type": "application/json" },
    });
    expect(json(answer)).toMatchObject({ method: "POST", body: '{"a":1}' });
  });

  it("gives every answer the API's headers, the route's own winning", async () => {
    const answer = await call("/api/echo/3");
    for (const [name, value] of Object.entries(apiHeaders(true)("/api/echo/3")))
      expect(answer.headers[name.toLowerCase()]).toBe(value);
    const own = await call("/api/cookies");
    expect(own.headers["content-security-policy"]).toBe("default-src 'self'");
  });

  it("keeps every Set-Cookie and drops Next's x-middleware headers", async () => {
    const answer = await call("/api/cookies");
    expect(answer.status).toBe(201);
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers["x-middleware-set-cookie"]).toBeUndefined();
  });

  it("writes a body the route holds as text at once, with its length", async () => {
    const answer = await call("/api/text");
    expect(answer.body).toBe('{"ok":"é"}');
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength('{"ok":"é"}')));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
  });

  it("streams a body until the client leaves, then cancels it and aborts the request", async () => {
    const req = request({ host: "127.0.0.1", port, path: "/api/stream" });
    const first = await new Promise<string>((resolve, reject) => {
      req.on("response", (res) => res.once("data", (chunk: Buffer) => resolve(chunk.toString())));
      req.on("error", reject);
      req.end();
    });
    expect(first).toBe("first\n");
    expect(json(await call("/api/stream/state"))).toEqual({ aborted: false, cancelled: false });
    req.destroy();
    // The same module the router loaded the route's state from.
    await createRequire(__filename)(path.join(distDir, "server", "state.js")).left;
    expect(json(await call("/api/stream/state"))).toEqual({ aborted: true, cancelled: true });
  });

  it("answers a failing handler with the one error shape, and keeps serving", async () => {
    for (const pathname of ["/api/throws", "/api/no-response"]) {
      const answer = await call(pathname);
      expect(answer.status).toBe(500);
      expect(json(answer)).toEqual(INTERNAL);
      expect(answer.headers["content-security-policy"]).toBe(apiHeaders(true)(pathname)["Content-Security-Policy"]);
    }
    expect(logged.some((line) => line.includes("boom"))).toBe(true);
    expect((await call("/api/echo/4")).status).toBe(200);
  });

  it("leaves to Next what it does not answer itself", async () => {
    const next = (method: string, pathname: string) => ({ status: 299, body: `next: ${method} ${pathname}` });
    const cases: [string, string][] = [
      ["PUT", "/api/echo/5"], // not exported by the route
      ["HEAD", "/api/echo/5"],
      ["OPTIONS", "/api/echo/5"],
      ["GET", "/api/echo/%35"],
      ["GET", "/api/echo/5/"],
      ["GET", "/api/nothing"],
      ["GET", "/app"],
    ];
    for (const [method, pathname] of cases) {
      const answer = await call(pathname, { method });
      expect({ status: answer.status, body: answer.body }).toEqual(
        method === "HEAD" ? { ...next(method, pathname), body: "" } : next(method, pathname),
      );
    }
  });

  it("loads every route at boot and names those it leaves to Next, with why", () => {
    expect(router.direct).toEqual([
      "/api/echo/[id]",
      "/api/text",
      "/api/cookies",
      "/api/stream",
      "/api/stream/state",
      "/api/throws",
      "/api/no-response",
    ]);
    expect(router.viaNext).toEqual([
      { route: "/api/broken", reason: "cannot load" },
      { route: "/api/only-head", reason: "it exports none of GET, POST, PUT, PATCH, DELETE" },
      { route: "/api/not-built", reason: expect.stringContaining("Cannot find module") },
    ]);
  });

  it("leaves a route whose module cannot load to Next", async () => {
    expect((await call("/api/broken")).body).toBe("next: GET /api/broken");
    expect((await call("/api/not-built", { method: "POST" })).body).toBe("next: POST /api/not-built");
  });

  it("says what changed when the build no longer has the route module's shape", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "api-router-changed-"));
    try {
      const file = path.join(dir, "server", "app", "api", "changed", "route.js");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `module.exports = { routeModule: { userland: { GET: () => new Response("") } } };`);
      const changed = await createApiRouter({
        routes: ["/api/changed"],
        distDir: dir,
        hostname: undefined,
        port: 3999,
        isProduction: true,
        fallback: () => {},
      });
      expect(changed.direct).toEqual([]);
      expect(changed.viaNext).toEqual([
        { route: "/api/changed", reason: "the compiled route.js has no routeModule.ensureUserland()" },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
