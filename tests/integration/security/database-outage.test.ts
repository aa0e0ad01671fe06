import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { encodeSession, sessionCookieName } from "@/lib/auth/session-cookie";
import { makeRequest, params } from "../helpers/request";

// A database that cannot be reached answers every route with a fast 503 { error }: nothing
// listening (refused), an unknown host, and a server that accepts connections but never
// answers (the case a connect timeout exists for). The live stop/start run is bench/outage.mjs.

let blackhole: Server;
const sockets: Socket[] = [];
beforeAll(async () => {
  blackhole = createServer((socket) => sockets.push(socket)); // accepts, never speaks
  await new Promise<void>((resolve) => blackhole.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  sockets.forEach((s) => s.destroy());
  await new Promise<void>((resolve) => blackhole.close(() => resolve()));
});

async function callWithDatabase(
  url: string,
  path: string,
  load: () => Promise<{
    handler: (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof params>) => Promise<Response>;
  }>,
  init: Parameters<typeof makeRequest>[1] = {},
) {
  process.env.DATABASE_URL = url;
  // lib/server/db.ts keeps its client on globalThis outside production: start from none.
  delete (globalThis as { ticketryDb?: unknown }).ticketryDb;
  let result: { status: number; body: unknown; ms: number } | undefined;
  await jest.isolateModulesAsync(async () => {
    const { handler } = await load();
    const started = Date.now();
    const res = await handler(makeRequest(path, init), params());
    result = { status: res.status, body: await res.json(), ms: Date.now() - started };
    const { db } = await import("@/lib/server/db");
    await db.$disconnect().catch(() => {});
    delete (globalThis as { ticketryDb?: unknown }).ticketryDb;
  });
  return result!;
}

const cookie = async () =>
  `${sessionCookieName()}=${await encodeSession({ userId: "someone", sessionVersion: 0, sessionId: "a-session" })}`;
const original = process.env.DATABASE_URL;
const originalTimeout = process.env.DATABASE_CONNECT_TIMEOUT_MS;
// The product's own connect timeout, which the other files raise for a busy test machine.
beforeAll(() => {
  delete process.env.DATABASE_CONNECT_TIMEOUT_MS;
});
afterAll(() => {
  process.env.DATABASE_URL = original;
  process.env.DATABASE_CONNECT_TIMEOUT_MS = originalTimeout;
});

describe.each([
  ["nothing listening", () => "postgresql://postgres:postgres@127.0.0.1:1/none"],
  ["unknown host", () => "postgresql://postgres:postgres@no-such-host.invalid:5432/none"],
  [
    "a server that never answers",
    () => `postgresql://postgres:postgres@127.0.0.1:${(blackhole.address() as AddressInfo).port}/none`,
  ],
])("database unreachable (%s)", (_, url) => {
  it("a signed-in read answers 503 with an error within the connect timeout", async () => {
    const r = await callWithDatabase(
      url(),
      "/api/tickets",
      async () => ({ handler: (await import("@/app/api/tickets/route")).GET }),
      { headers: { cookie: await cookie() } },
    );
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: expect.stringMatching(/temporarily unavailable/), code: "service_unavailable" });
    expect(r.ms).toBeLessThan(3000);
  });

  it("a write answers 503 with an error within the connect timeout", async () => {
    const r = await callWithDatabase(
      url(),
      "/api/login",
      async () => ({ handler: (await import("@/app/api/login/route")).POST }),
      {
        method: "POST",
        body: { email: "someone@example.test", password: "whatever-password" },
      },
    );
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: expect.any(String), code: "service_unavailable" });
    expect(r.ms).toBeLessThan(3000);
  });
});

/** The answer the API gives for an error (null when it is not a known one). */
async function answerFor(error: unknown) {
  const [{ toAppError }, { errorResponse }] = await Promise.all([
    import("@/lib/http/server/map-error"),
    import("@/lib/http/server/respond"),
  ]);
  const known = toAppError(error);
  return known && errorResponse(known);
}

describe("errors seen while PostgreSQL shuts down and restarts are outages (503), not bugs (500)", () => {
  it.each([
    [Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
    [Object.assign(new Error("the database system is shutting down"), { code: "57P03" })],
    [Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    [new Error("Client has encountered a connection error and is not queryable")],
    [new Error("Client was closed and is not queryable")],
    [new Error("Connection terminated unexpectedly")],
    [new Error("Connection terminated due to connection timeout", { cause: new Error("timeout expired") })],
    [Object.assign(new Error("getaddrinfo ENOTFOUND db"), { code: "ENOTFOUND" })],
    [
      Object.assign(
        new Error("Raw query failed. Code: `57P03`. Message: `the database system is not yet accepting connections`"),
        { code: "P2010" },
      ),
    ],
    [Object.assign(new Error("Raw query failed."), { code: "P2010", meta: { code: "08006" } })],
    [Object.assign(new Error("Raw query failed. Code: `N/A`. Message: `write EPIPE`"), { code: "P2010" })],
    [
      Object.assign(new Error("Invalid `prisma.ticket.findMany()` invocation"), {
        code: "P2010",
        cause: Object.assign(new Error("x"), { code: "57P01" }),
      }),
    ],
  ])("%s", async (error) => {
    const res = await answerFor(error);
    expect({ status: res?.status, body: await res?.json() }).toEqual({
      status: 503,
      body: { error: expect.any(String), code: "service_unavailable" },
    });
  });

  it.each([
    [
      Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
        code: "P2028",
      }),
    ],
    [
      Object.assign(
        new Error("Transaction failed due to a write conflict or a deadlock. Please retry your transaction"),
        { code: "P2034" },
      ),
    ],
    [Object.assign(new Error("Raw query failed. Code: `40P01`. Message: `deadlock detected`"), { code: "P2010" })],
  ])("contention is a 503 the client may retry: %s", async (error) => {
    const res = await answerFor(error);
    expect({
      status: res?.status,
      code: (await res?.json())?.code,
      retryAfter: res?.headers.get("retry-after"),
    }).toEqual({ status: 503, code: "service_unavailable", retryAfter: expect.stringMatching(/^\d+$/) });
  });

  it("other errors stay unmapped (an opaque 500)", async () => {
    const { toAppError } = await import("@/lib/http/server/map-error");
    expect(toAppError(new Error("Cannot read properties of undefined"))).toBeNull();
    expect(
      toAppError(
        Object.assign(new Error("Raw query failed. Code: `42601`. Message: `syntax error`"), { code: "P2010" }),
      ),
    ).toBeNull();
  });
});
