import { NextRequest } from "next/server";
import { GET as events } from "@/app/api/events/route";
import { POST as reply } from "@/app/api/replies/route";
import { DELETE as left, GET as viewers, PUT as viewing } from "@/app/api/tickets/[id]/presence/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { hub, LIVE_LIMITS } from "@/lib/live/hub";
import { listener } from "@/lib/server/live-listener";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { makeRequest, params, readJson } from "../helpers/request";
import { readEvents, type SseEvent } from "../helpers/sse";

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

/** Opens the user's event stream the way a tab does; `close` aborts it like a closed tab. */
async function openStream(user: User) {
  const abort = new AbortController();
  const req = new NextRequest("http://localhost:3000/api/events", {
    headers: await headers(user),
    signal: abort.signal,
  });
  const res = await events(req, params());
  if (res.status !== 200) return { res, stream: null, close: () => abort.abort() };
  const stream = readEvents(res.body!);
  await stream.next((e) => e.event === "ready");
  return { res, stream, close: () => abort.abort() };
}
type Open = NonNullable<Awaited<ReturnType<typeof openStream>>["stream"]>;

async function newTicket(user: User, customerEmail: string) {
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Live", description: "Please", customerEmail },
      headers: await headers(user),
    }),
    params(),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; version: number };
}
const send = async (user: User, body: unknown) =>
  readJson(await reply(makeRequest("/api/replies", { method: "POST", body, headers: await headers(user) }), params()));
const change = async (user: User, id: string, body: unknown) =>
  readJson(
    await update(
      makeRequest(`/api/tickets/${id}`, { method: "PUT", body, headers: await headers(user) }),
      params({ id }),
    ),
  );

const about = (ticketId: string, kind?: string) => (e: SseEvent) =>
  e.data.ticketId === ticketId && (kind === undefined || e.event === kind);

let world: TwoTenants;
const opened: { close: () => void }[] = [];
beforeAll(async () => {
  world = await freshTwoTenants();
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});
afterAll(() => listener.stop());

async function stream(user: User): Promise<Open> {
  const s = await openStream(user);
  opened.push(s);
  expect(s.res.status).toBe(200);
  return s.stream!;
}

describe("GET /api/events", () => {
  it("answers as a stream that proxies and compression leave alone", async () => {
    const { res, close } = await openStream(world.users.agent);
    opened.push({ close });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
  });

  it("needs a session: 401 without one", async () => {
    const res = await events(makeRequest("/api/events"), params());
    expect(await readJson(res)).toMatchObject({ status: 401, body: { code: "unauthorized" } });
  });

  it("tells the organisation's staff of a new ticket and never another organisation", async () => {
    const mine = await stream(world.users.agent);
    const theirs = await stream(world.users.otherAdmin);
    const ticket = await newTicket(world.users.agent, "someone@x.test");
    const heard = await mine.next(about(ticket.id, "ticket"));
    expect(heard.data).toEqual({ ticketId: ticket.id, version: ticket.version });
    // The other organisation hears its own later ticket, so it would have heard the first by now.
    const otherTicket = await newTicket(world.users.otherAdmin, "someone@x.test");
    await theirs.next(about(otherTicket.id, "ticket"));
    expect(theirs.events.some(about(ticket.id))).toBe(false);
    expect(mine.events.some(about(otherTicket.id))).toBe(false);
  });

  it("gives a customer their own tickets' public replies, never notes or other customers' tickets", async () => {
    const customer = world.users.end_user;
    const theirs = await stream(customer);
    const staff = await stream(world.users.agent);
    const own = await newTicket(world.users.agent, customer.email);
    const someoneElses = await newTicket(world.users.agent, "another@x.test");
    const note = await send(world.users.agent, { ticketId: own.id, content: "Internal only", type: "internal" });
    const answer = await send(world.users.agent, { ticketId: own.id, content: "Hello!", type: "public" });
    expect([note.status, answer.status]).toEqual([201, 201]);

    await theirs.next((e) => e.event === "reply" && e.data.replyId === answer.body.id);
    await staff.next((e) => e.event === "reply" && e.data.replyId === note.body.id);
    expect(theirs.events.some((e) => e.data.replyId === note.body.id)).toBe(false);
    expect(theirs.events.some(about(someoneElses.id))).toBe(false);
    expect(theirs.events.some((e) => e.event === "presence")).toBe(false);
    // Ids only: no subject, content or addresses travel on the stream.
    expect(JSON.stringify(theirs.events)).not.toMatch(/Hello|Internal|@/);
  });

  it("refuses a caller's streams past the per-person limit with 429 too_many_streams", async () => {
    const agent = await createUser(world.org.id, "agent");
    for (let i = 0; i < LIVE_LIMITS.perHolder; i++) await stream(agent);
    const refused = await openStream(agent);
    expect(await readJson(refused.res)).toMatchObject({ status: 429, body: { code: "too_many_streams" } });
    expect(refused.res.headers.get("retry-after")).toBeTruthy();
  });

  it("forgets a stream when its tab goes away, by abort or by the reader cancelling", async () => {
    for (const s of opened.splice(0)) s.close();
    const before = hub.stats().streams;
    const a = await openStream(world.users.agent);
    const b = await openStream(world.users.agent);
    expect(hub.stats().streams).toBe(before + 2);
    a.close();
    await b.stream!.cancel();
    expect(hub.stats().streams).toBe(before);
  });
});

describe("versions: no lost edits", () => {
  it("refuses a stale change of a field someone else changed (409 stale_version) and merges different fields", async () => {
    const t = await newTicket(world.users.agent, "v@x.test");
    const first = await change(world.users.org_admin, t.id, { status: "pending", version: t.version });
    expect(first.status).toBe(200);

    const stale = await change(world.users.agent, t.id, { status: "resolved", version: t.version });
    expect(stale).toMatchObject({
      status: 409,
      body: { code: "stale_version", changed: ["status"], current: { id: t.id, status: "pending" } },
    });
    // A different field from the same old version merges: both changes stay.
    const merged = await change(world.users.agent, t.id, { priority: "high", version: t.version });
    expect(merged).toMatchObject({ status: 200, body: { status: "pending", priority: "high" } });
    // Setting what the field already is is no conflict, and a write without a version applies as before.
    expect((await change(world.users.agent, t.id, { status: "pending", version: t.version })).status).toBe(200);
    expect((await change(world.users.agent, t.id, { status: "resolved" })).status).toBe(200);
  });

  it("refuses a reply written before someone else's reply, and accepts it from the reply's own version", async () => {
    const t = await newTicket(world.users.agent, "r@x.test");
    const theirs = await send(world.users.org_admin, { ticketId: t.id, content: "Answered", version: t.version });
    expect(theirs.status).toBe(201);
    const stale = await send(world.users.agent, { ticketId: t.id, content: "Me too", version: t.version });
    expect(stale).toMatchObject({ status: 409, body: { code: "stale_version", changed: ["reply"] } });
    const again = await send(world.users.agent, {
      ticketId: t.id,
      content: "Me too",
      version: theirs.body.ticketVersion,
    });
    expect(again.status).toBe(201);
  });

  it("rejects a version that is not a whole number with 400", async () => {
    const t = await newTicket(world.users.agent, "n@x.test");
    const bad = await change(world.users.agent, t.id, { status: "pending", version: "7" });
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });
});

describe("presence on a ticket", () => {
  const HANDLERS = { GET: viewers, PUT: viewing, DELETE: left };
  const presence = async (method: keyof typeof HANDLERS, user: User, id: string, body?: unknown) =>
    readJson(
      await HANDLERS[method](
        makeRequest(`/api/tickets/${id}/presence`, { method, body, headers: await headers(user) }),
        params({ id }),
      ),
    );

  it("shows who has a ticket open and who types, tells the other viewers, and forgets who left", async () => {
    const t = await newTicket(world.users.agent, "p@x.test");
    const watcher = await stream(world.users.agent);
    const customer = await stream(world.users.end_user);
    expect((await presence("PUT", world.users.org_admin, t.id, { typing: true })).status).toBe(200);
    await watcher.next((e) => e.event === "presence" && e.data.ticketId === t.id);
    const seen = await presence("GET", world.users.agent, t.id);
    expect(seen.body).toEqual([
      {
        userId: world.users.org_admin.id,
        fullName: world.users.org_admin.fullName,
        typing: true,
        expiresInMs: expect.any(Number),
      },
    ]);
    expect((await presence("DELETE", world.users.org_admin, t.id)).status).toBe(200);
    expect((await presence("GET", world.users.agent, t.id)).body).toEqual([]);
    // Customers are never told who is looking.
    expect(customer.events.some((e) => e.event === "presence")).toBe(false);
    expect((await presence("GET", world.users.end_user, t.id)).status).toBe(403);
  });
});
