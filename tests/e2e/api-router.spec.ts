import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { apiRouteFolders } from "@/lib/http/server/api-route-files.mjs";
import { DEMO_PASSWORD } from "@/lib/site/demo";

// The production server hands API calls straight to their route handler (lib/http/server/api-router.mjs)
// instead of through Next's router. Beside it, a second server on the same database with
// API_VIA_NEXT=true sends them through Next, as before: every answer must be the same, and
// /api/health must show that the first answers every route itself and the second none (so this
// cannot pass with both going through Next, as it would if a Next upgrade broke the loading).

const ROUTER = Number(process.env.E2E_PORT ?? 3100);
const VIA_NEXT = ROUTER + 4;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; reusedSocket: boolean };
type Call = { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: Agent };

function call(port: number, path: string, { method = "GET", headers = {}, body, agent }: Call = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Declared, as a browser declares it: Node's client sends a DELETE's body unframed otherwise.
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const req = request({ host: "localhost", port, path, method, headers: { ...length, ...headers }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** What must not differ: status, body, and every header but those of the connection or the moment. */
function comparable({ status, headers, body }: Answer) {
  const skip = new Set([
    "date",
    "x-request-id",
    "connection",
    "keep-alive",
    "transfer-encoding",
    "content-length",
    "vary",
  ]);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !skip.has(name)));
  // A viewer of the ticket (left by an earlier spec) counts down to the millisecond between the two calls.
  const text = body.toString("utf8").replace(/"expiresInMs":\d+/g, '"expiresInMs":0');
  return { status, headers: kept, body: text };
}

async function signIn(email: string): Promise<string> {
  const answer = await call(ROUTER, "/api/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(answer.status).toBe(200);
  return (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
}

let viaNext: ChildProcess;
let agent = "";
let admin = "";
let ticketId = "";

test.describe.serial("API calls straight to their handler", () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    viaNext = spawn(process.execPath, ["scripts/serve.mjs"], {
      env: {
        ...process.env,
        PORT: String(VIA_NEXT),
        API_VIA_NEXT: "true",
        INBOUND_SMTP_PORT: "",
        JOBS_IN_SERVER: "false",
      },
      stdio: "ignore",
    });
    await expect
      .poll(async () => (await call(VIA_NEXT, "/api/health").catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(200);
    agent = await signIn("agent@acme.test");
    admin = await signIn("admin@acme.test");
    const list = await call(ROUTER, "/api/tickets?limit=1", { headers: { cookie: agent } });
    ticketId = JSON.parse(list.body.toString())[0].id;
    // The agent views the ticket, so the pane's answer has a viewer whose time left counts down.
    const viewing = await call(ROUTER, `/api/tickets/${ticketId}/presence`, {
      method: "PUT",
      headers: { cookie: agent, "content-type": "application/json" },
      body: JSON.stringify({ typing: false }),
    });
    expect(viewing.status).toBe(200);
  });

  test.afterAll(async () => {
    await call(ROUTER, `/api/tickets/${ticketId}/presence`, { method: "DELETE", headers: { cookie: agent } });
    if (viaNext.exitCode === null && viaNext.signalCode === null) {
      viaNext.kill("SIGTERM");
      await new Promise((resolve) => viaNext.once("exit", resolve));
    }
  });

  test("answers every kind of call as Next's router did", async () => {
    const json = { "content-type": "application/json" };
    const calls: [string, Call][] = [
      ["/api/tickets/counts", { headers: { cookie: agent } }],
      ["/api/tickets?limit=3&sort=created", { headers: { cookie: agent } }],
      [`/api/tickets/detail/${ticketId}`, { headers: { cookie: agent } }],
      [`/api/tickets/${ticketId}/pane`, { headers: { cookie: agent } }],
      [`/api/replies/${ticketId}`, { headers: { cookie: agent } }],
      ["/api/tickets?limit=abc", { headers: { cookie: agent } }],
      ["/api/tickets/counts", {}],
      ["/api/tickets/detail/no-such-ticket", { headers: { cookie: agent } }],
      ["/api/no/such/route", {}],
      ["/api/tickets", { method: "POST", headers: { cookie: agent, "content-type": "text/plain" }, body: "hi" }],
      ["/api/tickets", { method: "POST", headers: { cookie: agent, ...json }, body: "{not json" }],
      [
        "/api/tickets",
        { method: "POST", headers: { cookie: agent, ...json, origin: "https://evil.test" }, body: "{}" },
      ],
      [
        "/api/tickets",
        { method: "POST", headers: { cookie: agent, ...json }, body: JSON.stringify({ x: "y".repeat(70_000) }) },
      ],
      ["/api/tickets", { method: "POST", headers: { cookie: agent, ...json }, body: JSON.stringify({ subject: "" }) }],
      // Left to Next on both: a method the route does not export, HEAD, OPTIONS, an escaped path.
      ["/api/tickets/counts", { method: "PUT", headers: { cookie: agent } }],
      ["/api/health", { method: "HEAD" }],
      ["/api/tickets", { method: "OPTIONS" }],
      ["/api/tickets/%63ounts", { headers: { cookie: agent } }],
    ];
    for (const [path, options] of calls) {
      const [direct, next] = await Promise.all([call(ROUTER, path, options), call(VIA_NEXT, path, options)]);
      expect(comparable(direct), `${options.method ?? "GET"} ${path}`).toEqual(comparable(next));
    }
  });

  test("the production server answers every API route itself, the API_VIA_NEXT one none", async () => {
    const routes = apiRouteFolders(path.join(process.cwd(), "app")).length;
    const counts = async (port: number) => JSON.parse((await call(port, "/api/health")).body.toString()).routes;
    expect(await counts(ROUTER)).toEqual({ direct: routes, viaNext: 0 });
    expect(await counts(VIA_NEXT)).toEqual({ direct: 0, viaNext: routes });
  });

  // Answers given before the body is read: the rest of the body must not break the connection.
  const unread: [string, string, string, () => string, number][] = [
    ["401 without a session", "POST", "/api/tickets", () => "", 401],
    ["403 for the wrong role", "DELETE", "/api/team-invites/no-such-invite", () => agent, 403],
    ["404 for an unknown id", "DELETE", "/api/team-invites/no-such-invite", () => admin, 404],
    ["413 past the body limit", "POST", "/api/tickets", () => agent, 413],
  ];
  for (const [what, method, pathname, cookie, status] of unread)
    test(`answers ${what} with a body it does not read, and keeps the connection usable`, async () => {
      test.setTimeout(60_000);
      for (const port of [ROUTER, VIA_NEXT]) {
        const server = port === ROUTER ? "direct" : "via Next";
        for (const size of [200 * 1024, 30 * 1024 * 1024]) {
          const body = Buffer.from(JSON.stringify({ subject: "x".repeat(size - 15) }));
          const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
          try {
            const headers = { cookie: cookie(), "content-type": "application/json" };
            const answer = await call(port, pathname, { method, headers, body, agent: keepAlive });
            const said = `${method} ${pathname} with ${body.length} bytes, ${server}`;
            expect(answer.status, said).toBe(status);
            expect(JSON.parse(answer.body.toString()).error, said).toEqual(expect.any(String));
            if (size > 1024 * 1024) {
              // Too large to read off: the answer says the connection closes.
              expect(answer.headers.connection, said).toBe("close");
              continue;
            }
            const next = await call(port, "/api/health", { agent: keepAlive });
            expect({ status: next.status, reusedSocket: next.reusedSocket }, said).toEqual({
              status: 200,
              reusedSocket: true,
            });
          } finally {
            keepAlive.destroy();
          }
        }
      }
    });

  test("keeps every cookie a route sets, and none of Next's internal headers", async () => {
    const answer = await call(ROUTER, "/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "agent@acme.test", password: DEMO_PASSWORD }),
    });
    expect(answer.headers["set-cookie"]).toEqual([expect.stringMatching(/^next-auth\.session-token=.+HttpOnly/)]);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith("x-middleware"))).toEqual([]);
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("hands a sign-in the whole body its lane waited for, directly and through Next", async () => {
    for (const port of [ROUTER, VIA_NEXT]) {
      const server = port === ROUTER ? "direct" : "via Next";
      const json = { "content-type": "application/json" };
      const answer = await call(port, "/api/login", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "agent@acme.test", password: DEMO_PASSWORD }),
      });
      expect(answer.status, server).toBe(200);
      // No body at all: nothing to wait for, and the route says so at once.
      const empty = await call(port, "/api/login", { method: "POST", headers: { ...json, "content-length": "0" } });
      expect({ status: empty.status, body: JSON.parse(empty.body.toString()) }, server).toEqual({
        status: 400,
        body: { error: "Request body is required", code: "bad_request" },
      });
    }
  });

  test("compresses what a browser takes compressed, and only that", async () => {
    const plain = await call(ROUTER, "/api/tickets?limit=20", { headers: { cookie: agent } });
    const gzipped = await call(ROUTER, "/api/tickets?limit=20", {
      headers: { cookie: agent, "accept-encoding": "gzip" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    // An answer under 1 KB goes as it is.
    const small = await call(ROUTER, "/api/tickets/counts", { headers: { cookie: agent, "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  test("streams live events, and ends the stream when the client leaves", async () => {
    const platform = await signIn("platform@ticketry.test");
    const streams = async () =>
      JSON.parse((await call(ROUTER, "/api/events/stats", { headers: { cookie: platform } })).body.toString()).streams;
    const before = await streams();
    const { req, firstEvent } = await new Promise<{ req: ReturnType<typeof request>; firstEvent: string }>(
      (resolve, reject) => {
        const req = request(
          { host: "localhost", port: ROUTER, path: "/api/events", headers: { cookie: agent } },
          (res) => {
            expect(res.headers["content-type"]).toContain("text/event-stream");
            expect(res.headers["content-encoding"]).toBeUndefined();
            res.once("data", (chunk: Buffer) => resolve({ req, firstEvent: chunk.toString() }));
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(firstEvent).toContain("event: ready");
    await expect.poll(streams).toBe(before + 1);
    req.destroy();
    await expect.poll(streams).toBe(before);
  });

  test("takes a request body and writes", async () => {
    const subject = `Router write ${Date.now()}`;
    const created = await call(ROUTER, "/api/tickets", {
      method: "POST",
      headers: { cookie: agent, "content-type": "application/json" },
      body: JSON.stringify({ subject, description: "Sent straight to the handler", priority: "low" }),
    });
    expect(created.status).toBe(201);
    const ticket = JSON.parse(created.body.toString());
    expect(ticket.subject).toBe(subject);
    const read = await call(VIA_NEXT, `/api/tickets/detail/${ticket.id}`, { headers: { cookie: agent } });
    expect(JSON.parse(read.body.toString()).subject).toBe(subject);
  });
});
