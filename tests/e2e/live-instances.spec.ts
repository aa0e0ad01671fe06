import { spawn, type ChildProcess } from "node:child_process";
import { readEvents } from "../integration/helpers/sse";
import { DEMO_PASSWORD as PASSWORD } from "@/lib/site/demo";
import { uniqueEmail } from "./helpers";
import { expect, test } from "./team";

// Scale-out: two app server processes on one database (the end-to-end server is instance A, a
// second production server on the next port is instance B). A change made through A reaches
// streams held by B through PostgreSQL alone, each stream hearing only what its caller may see.

const A = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
const B_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const B = `http://localhost:${B_PORT}`;

let instanceB: ChildProcess;
test.beforeAll(async () => {
  instanceB = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: { ...process.env, PORT: String(B_PORT), TRUST_PROXY_HOPS: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(
      () =>
        fetch(`${B}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
});
test.afterAll(async () => {
  const exited = new Promise((resolve) => instanceB.once("exit", resolve));
  instanceB.kill("SIGTERM");
  await exited;
});

/**
 * How soon an event must reach the other instance: a generous bound, so that a machine busy with
 * other specs does not fail it (the event usually arrives far sooner).
 */
const ACROSS_MS = 10_000;

let address = 0;
/** Each sign-in from its own client address, so the login throttle stays out of the way. */
const client = () => ({ "x-forwarded-for": `203.0.113.${++address}` });

async function signIn(base: string, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...client() },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A stream on an instance, as a tab holds it. */
async function stream(base: string, cookie: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
  const events = readEvents(res.body!);
  await events.next((e) => e.event === "ready");
  return { ...events, close: () => abort.abort() };
}

test.describe("two app instances on one database", () => {
  test("a ticket created through instance A reaches a stream on instance B within the bound", async ({ team }) => {
    const onB = await stream(B, await signIn(B, team.agent2.email));
    const viaA = await signIn(A, team.admin.email);
    const sent = Date.now();
    const created = await call(A, viaA, "POST", "/api/tickets", {
      subject: "Across instances",
      description: "Made on A",
      // Closed from the start: the team's open queues stay as its other tests expect.
      status: "closed",
      customerEmail: uniqueEmail("across"),
    });
    expect(created.status).toBe(201);
    await onB.next((e) => e.event === "ticket" && e.data.ticketId === created.body.id, ACROSS_MS);
    expect(Date.now() - sent).toBeLessThan(ACROSS_MS);
    onB.close();
  });

  test("an organisation's events never reach another organisation's stream on the other instance", async ({ team }) => {
    const email = uniqueEmail("other-org");
    const registered = await fetch(`${A}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", ...client() },
      body: JSON.stringify({
        email,
        password: "other-org-password",
        fullName: "Olive Other",
        companyName: `Other ${Date.now()}`,
      }),
    });
    expect(registered.status).toBe(201);
    const other = await signIn(A, email, "other-org-password");
    const otherOnB = await stream(B, await signIn(B, email, "other-org-password"));
    const acme = await signIn(A, team.admin.email);
    const acmeTicket = await call(A, acme, "POST", "/api/tickets", {
      subject: "Acme only",
      description: "x",
      status: "closed",
    });
    const ownTicket = await call(A, other, "POST", "/api/tickets", { subject: "Ours", description: "x" });
    // Heard its own later ticket, so it would have heard Acme's earlier one by now.
    await otherOnB.next((e) => e.data.ticketId === ownTicket.body.id, ACROSS_MS);
    expect(otherOnB.events.some((e) => e.data.ticketId === acmeTicket.body.id)).toBe(false);
    otherOnB.close();
  });

  test("a customer's stream on B hears their public replies, never notes nor other customers' tickets", async ({
    team,
  }) => {
    const casey = await stream(B, await signIn(B, team.customer.email));
    const agent = await signIn(A, team.agent.email);
    const theirs = await call(A, agent, "POST", "/api/tickets", {
      subject: "For Casey",
      description: "x",
      status: "closed",
      customerEmail: team.customer.email,
    });
    const someoneElses = await call(A, agent, "POST", "/api/tickets", {
      subject: "Not Casey's",
      description: "x",
      status: "closed",
      customerEmail: uniqueEmail("not-casey"),
    });
    const note = await call(A, agent, "POST", "/api/replies", {
      ticketId: theirs.body.id,
      content: "n",
      type: "internal",
    });
    const answer = await call(A, agent, "POST", "/api/replies", {
      ticketId: theirs.body.id,
      content: "a",
      type: "public",
    });
    await casey.next((e) => e.event === "reply" && e.data.replyId === answer.body.id, ACROSS_MS);
    expect(casey.events.some((e) => e.data.replyId === note.body.id)).toBe(false);
    expect(casey.events.some((e) => e.data.ticketId === someoneElses.body.id)).toBe(false);
    casey.close();
  });

  test("a write through B on a version A has moved past answers 409 stale_version", async ({ team }) => {
    const viaA = await signIn(A, team.admin.email);
    const viaB = await signIn(B, team.agent2.email);
    const t = await call(A, viaA, "POST", "/api/tickets", { subject: "Versions", description: "x" });
    expect(
      (await call(A, viaA, "PUT", `/api/tickets/${t.body.id}`, { status: "pending", version: t.body.version })).status,
    ).toBe(200);
    const stale = await call(B, viaB, "PUT", `/api/tickets/${t.body.id}`, {
      status: "resolved",
      version: t.body.version,
    });
    expect(stale).toMatchObject({ status: 409, body: { code: "stale_version", changed: ["status"] } });
    expect((await call(A, viaA, "PUT", `/api/tickets/${t.body.id}`, { status: "closed" })).status).toBe(200);
  });
});
