import { NextRequest } from "next/server";
import { GET as events } from "@/app/api/events/route";
import { hub } from "@/lib/live/hub";
import { listener } from "@/lib/server/live-listener";
import { db } from "../helpers/db";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { params } from "../helpers/request";
import { readEvents } from "../helpers/sse";

// How a stream ends and recovers: the session check every third heartbeat closes the stream of a
// deactivated account, and a lost LISTEN connection is reopened and every stream told to refetch.

let world: TwoTenants;
beforeAll(async () => {
  process.env.LIVE_HEARTBEAT_MS = "40";
  world = await freshTwoTenants();
});
afterAll(() => {
  delete process.env.LIVE_HEARTBEAT_MS;
  return listener.stop();
});

async function open(user: { id: string; sessionVersion: number }) {
  const abort = new AbortController();
  const req = new NextRequest("http://localhost:3000/api/events", {
    headers: { cookie: await sessionCookie(user) },
    signal: abort.signal,
  });
  const res = await events(req, params());
  expect(res.status).toBe(200);
  const stream = readEvents(res.body!);
  await stream.next((e) => e.event === "ready");
  return { stream, close: () => abort.abort() };
}

it("closes the stream of an account deactivated while it is open", async () => {
  const agent = await createUser(world.org.id, "agent");
  const { stream } = await open(agent);
  const before = hub.stats().streams;
  await db.user.update({ where: { id: agent.id }, data: { isActive: false } });
  await stream.done;
  expect(stream.ended).toBe(true);
  expect(hub.stats().streams).toBe(before - 1);
});

it("reopens a lost LISTEN connection and tells every stream to refetch", async () => {
  const { stream, close } = await open(world.users.agent);
  const killed = await db.$queryRaw<{ ok: boolean }[]>`
    SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
    WHERE datname = current_database() AND query LIKE 'LISTEN ticketry_events%'`;
  expect(killed).toEqual([{ ok: true }]);
  await stream.next((e) => e.event === "resync", 10_000);
  expect(listener.connected).toBe(true);
  close();
});
