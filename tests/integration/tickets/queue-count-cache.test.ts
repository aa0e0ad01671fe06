// The sidebar's counts are kept in memory per organisation while nothing can have moved them.
// These tests change tickets the ways a help desk does (through this process, from another
// process, by time alone, by deleting) and require the counts to be right after each.
import pg from "pg";
import { GET as counts } from "@/app/api/tickets/counts/route";
import { PUT as updateTicket } from "@/app/api/tickets/[id]/route";
import { LIVE_CHANNEL } from "@/lib/live/channel";
import { HeardCache } from "@/lib/live/heard-cache";
import { SessionUserCache } from "@/lib/auth/session-user-cache";
import { Listener } from "@/lib/live/listener";
import { listener } from "@/lib/server/live-listener";
import { organizationCounts, queueCounts, type OrganizationCounts } from "@/lib/services/tickets/counts";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";
import { heardSoFar } from "../helpers/heard-so-far";
import { anotherProcess } from "../helpers/another-process";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const other = anotherProcess(organizationCounts);

let n = 0;
async function ticket(
  organizationId: string,
  fields: { status?: "open" | "resolved"; slaRiskAt?: Date; updatedAt?: Date },
) {
  n += 1;
  const at = new Date();
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: n,
      subject: "s",
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      firstResponseDueAt: at,
      resolutionDueAt: at,
      slaRiskAt: at,
      ...fields,
    },
  });
}

async function team() {
  const org = await createOrg("pro");
  const agent = await createUser(org.id, "agent");
  const cookie = await sessionCookie(agent);
  const sidebar = async () =>
    (await readJson(await counts(makeRequest("/api/tickets/counts", { headers: { cookie } }), params()))).body;
  return { org, agent, cookie, sidebar };
}

describe("queue counts kept in memory", () => {
  it("answers a second look from memory, and counts again once another process's change is heard", async () => {
    const { org, sidebar } = await team();
    const first = await ticket(org.id, { slaRiskAt: new Date(Date.now() + DAY) });
    await heardSoFar(organizationCounts, other); // the creation
    expect(await sidebar()).toMatchObject({ unassigned: 1, allOpen: 1, slaRisk: 0, recentlyUpdated: 1, closed: 0 });
    expect(organizationCounts.has(org.id)).toBe(true);

    // A change that announces nothing (triggers off for this session) is not seen: the answer
    // really comes from memory, not from the database.
    await other.query(`SET session_replication_role = replica`);
    await other.query(`UPDATE "Ticket" SET "updatedAt" = now() - interval '2 days' WHERE "id" = $1`, [first.id]);
    await other.query(`SET session_replication_role = DEFAULT`);
    expect(await sidebar()).toMatchObject({ recentlyUpdated: 1 });

    // A change as any writer makes it is announced, heard, and counted with the one before.
    await other.query(`UPDATE "Ticket" SET "status" = 'resolved' WHERE "id" = $1`, [first.id]);
    await until(() => !organizationCounts.has(org.id), "the change is heard");
    expect(await sidebar()).toMatchObject({ unassigned: 0, allOpen: 0, recentlyUpdated: 0, closed: 1 });
  });

  it("counts a change made through this process on the caller's next request, before its notification", async () => {
    const { org, agent, cookie, sidebar } = await team();
    const t = await ticket(org.id, { slaRiskAt: new Date(Date.now() + DAY) });
    // Nothing is heard from here on (the connection stays, deaf to ticket changes), so only the
    // write itself can make this process count again.
    const connection = (listener as unknown as { client: pg.Client }).client;
    await connection.query(`UNLISTEN ${LIVE_CHANNEL}`);
    try {
      expect(await sidebar()).toMatchObject({ unassigned: 1, myOpen: 0 });
      const res = await updateTicket(
        makeRequest(`/api/tickets/${t.id}`, {
          method: "PUT",
          body: { assignedTo: agent.id, version: t.version },
          headers: { cookie },
        }),
        params({ id: t.id }),
      );
      expect(res.status).toBe(200);
      expect(await sidebar()).toMatchObject({ unassigned: 0, myOpen: 1 });
      // A refused write changed nothing, and is still counted again (it might have).
      const refused = await updateTicket(
        makeRequest(`/api/tickets/${t.id}`, {
          method: "PUT",
          body: { assignedTo: "nobody", version: t.version },
          headers: { cookie },
        }),
        params({ id: t.id }),
      );
      expect(refused.status).toBe(400);
      expect(organizationCounts.has(org.id)).toBe(false);
    } finally {
      await connection.query(`LISTEN ${LIVE_CHANNEL}`);
      organizationCounts.forgetAll();
    }
  });

  it("counts again when time alone moves a count: a ticket turning at-risk, a window's oldest ticket leaving it", async () => {
    const { org, agent } = await team();
    const user = { ...agent, organizationId: org.id };
    const t0 = Date.now();
    await ticket(org.id, { slaRiskAt: new Date(t0 + 10 * 60_000), updatedAt: new Date(t0 - 23 * HOUR) });
    await ticket(org.id, { status: "resolved", updatedAt: new Date(t0 - 7 * DAY + 2 * HOUR) });
    await heardSoFar(organizationCounts, other); // the creations
    const at = async (ms: number) => {
      const kept = await queueCounts(user, new Date(t0 + ms));
      // What a process that kept nothing counts at the same moment.
      organizationCounts.forget(org.id);
      expect(await queueCounts(user, new Date(t0 + ms))).toEqual(kept);
      return kept;
    };
    expect(await at(0)).toMatchObject({ allOpen: 1, slaRisk: 0, recentlyUpdated: 1, closed: 1 });
    expect(await at(10 * 60_000 - 1)).toMatchObject({ slaRisk: 0 });
    expect(await at(10 * 60_000)).toMatchObject({ slaRisk: 1, recentlyUpdated: 1 });
    expect(await at(HOUR)).toMatchObject({ recentlyUpdated: 1, closed: 1 });
    expect(await at(HOUR + 1)).toMatchObject({ recentlyUpdated: 0, closed: 1 });
    expect(await at(2 * HOUR)).toMatchObject({ closed: 1 });
    expect(await at(2 * HOUR + 1)).toMatchObject({ slaRisk: 1, recentlyUpdated: 0, closed: 0 });

    // Kept from the read just before: valid until the next moment a count moves, not after.
    await queueCounts(user, new Date(t0));
    const kept = organizationCounts.get(org.id) as OrganizationCounts;
    expect(kept.until).toBe(t0 + 10 * 60_000);
    // An earlier moment than the read is never answered from it.
    await queueCounts(user, new Date(t0 - 1));
    expect(organizationCounts.get(org.id)?.readAt).toBe(t0 - 1);
  });

  it("keeps nothing for a customer, whose own tickets are counted directly", async () => {
    const org = await createOrg("pro");
    const customer = await createUser(org.id, "end_user");
    const cookie = await sessionCookie(customer);
    await readJson(await counts(makeRequest("/api/tickets/counts", { headers: { cookie } }), params()));
    expect(organizationCounts.has(org.id)).toBe(false);
  });
});

describe("another process's counts", () => {
  // "B" stands for another server process: its own cache and LISTEN connection.
  const cacheB = new HeardCache<unknown>(100);
  const listenerB = new Listener({
    users: new SessionUserCache(),
    events: { dispatch: () => {}, resyncAll: () => {} },
    counts: cacheB,
  });
  const keepInB = (organizationId: string) => cacheB.keep(cacheB.begin(), organizationId, {});

  beforeAll(async () => {
    await listenerB.ensure();
    await until(() => cacheB.isActive, "B listens");
  });
  afterAll(() => listenerB.stop());

  it("forget an organisation whose tickets were deleted, once per statement, and leave the others", async () => {
    const a = await team();
    const b = await team();
    const gone = [await ticket(a.org.id, {}), await ticket(a.org.id, {})];
    await ticket(b.org.id, {});
    await heardSoFar(cacheB, other);
    keepInB(a.org.id);
    keepInB(b.org.id);
    await other.query(`DELETE FROM "Ticket" WHERE "id" = ANY($1)`, [gone.map((t) => t.id)]);
    await until(() => !cacheB.has(a.org.id), "the deletion is heard");
    expect(cacheB.has(b.org.id)).toBe(true);
  });

  it("forget every organisation when the tickets are emptied", async () => {
    const a = await team();
    keepInB(a.org.id);
    await other.query(`TRUNCATE "Ticket" CASCADE`);
    await until(() => cacheB.size === 0, "the emptying is heard");
    expect(cacheB.isActive).toBe(true);
  });

  it("stand aside once the listening connection is gone", async () => {
    const a = await team();
    keepInB(a.org.id);
    await listenerB.stop();
    expect(cacheB.isActive).toBe(false);
    expect(cacheB.has(a.org.id)).toBe(false);
    await listenerB.ensure();
    await until(() => cacheB.isActive, "B listens again");
  });
});
