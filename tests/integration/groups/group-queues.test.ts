// The group queues: "My Groups" lists and counts the open tickets of every group the agent is
// in, and any list can be narrowed to one group. The counts are kept in memory per organisation,
// so a change of members, made here or by another process, must make them count again.
import pg from "pg";
import { GET as counts } from "@/app/api/tickets/counts/route";
import { PATCH as patchGroup } from "@/app/api/groups/[id]/route";
import { LIVE_CHANNEL } from "@/lib/live/channel";
import { organizationCounts } from "@/lib/services/tickets/counts";
import { env } from "@/lib/server/env";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";
import { listTickets } from "../helpers/ticket-list";
import { anotherProcess } from "../helpers/another-process";

type User = { id: string; sessionVersion: number };

const other = anotherProcess(organizationCounts);

const sidebar = async (user: User) =>
  (
    await readJson(
      await counts(makeRequest("/api/tickets/counts", { headers: { cookie: await sessionCookie(user) } }), params()),
    )
  ).body;

let n = 0;
async function ticket(
  organizationId: string,
  groupId: string | null,
  status: "open" | "pending" | "resolved" = "open",
) {
  n += 1;
  const at = new Date();
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: n,
      subject: `Ticket ${n}`,
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      firstResponseDueAt: at,
      resolutionDueAt: at,
      slaRiskAt: at,
      status,
      groupId,
    },
    select: { id: true, ticketNumber: true },
  });
}

async function team() {
  const org = await createOrg("pro");
  const admin = await createUser(org.id, "org_admin");
  const agent = await createUser(org.id, "agent");
  const outsider = await createUser(org.id, "agent");
  const customer = await createUser(org.id, "end_user");
  const group = (name: string, members: string[]) =>
    db.group.create({
      data: {
        organizationId: org.id,
        name,
        nameKey: name.toLowerCase(),
        members: { create: members.map((userId) => ({ userId })) },
      },
    });
  const billing = await group("Billing", [agent.id, admin.id]);
  const tier2 = await group("Tier 2", [agent.id]);
  const sales = await group("Sales", [outsider.id]);
  const tickets = {
    billing: await ticket(org.id, billing.id),
    billingPending: await ticket(org.id, billing.id, "pending"),
    billingResolved: await ticket(org.id, billing.id, "resolved"),
    tier2: await ticket(org.id, tier2.id),
    sales: await ticket(org.id, sales.id),
    none: await ticket(org.id, null),
  };
  return { org, admin, agent, outsider, customer, billing, tier2, sales, tickets };
}

const numbers = async (user: User, query: string) => {
  const res = await listTickets(user, query);
  expect(res.status).toBe(200);
  return res.body.map((t) => t.ticketNumber).sort((a, b) => a - b);
};

describe("the My Groups queue", () => {
  it("lists the open tickets of every group the agent is in, and counts them", async () => {
    const { agent, admin, outsider, tickets: t } = await team();
    expect(await numbers(agent, "?view=my-groups")).toEqual(
      [t.billing, t.billingPending, t.tier2].map((x) => x.ticketNumber),
    );
    expect(await numbers(admin, "?view=my-groups")).toEqual([t.billing, t.billingPending].map((x) => x.ticketNumber));
    expect(await numbers(outsider, "?view=my-groups")).toEqual([t.sales.ticketNumber]);
    expect(await sidebar(agent)).toMatchObject({ myGroups: 3, allOpen: 5 });
    expect(await sidebar(admin)).toMatchObject({ myGroups: 2 });
    expect(await sidebar(outsider)).toMatchObject({ myGroups: 1 });
  });

  it("is empty for someone in no group, and for a customer", async () => {
    const { org, customer } = await team();
    const loner = await createUser(org.id, "agent");
    expect(await numbers(loner, "?view=my-groups")).toEqual([]);
    expect(await sidebar(loner)).toMatchObject({ myGroups: 0 });
    expect(await numbers(customer, "?view=my-groups")).toEqual([]);
    expect(await sidebar(customer)).toMatchObject({ myGroups: 0 });
  });

  it("counts again after members change through this process", async () => {
    const { admin, outsider, billing } = await team();
    expect(await sidebar(outsider)).toMatchObject({ myGroups: 1 });
    const res = await patchGroup(
      makeRequest(`/api/groups/${billing.id}`, {
        method: "PATCH",
        body: { addMemberIds: [outsider.id] },
        headers: { cookie: await sessionCookie(admin) },
      }),
      params({ id: billing.id }),
    );
    expect(res.status).toBe(200);
    expect(await sidebar(outsider)).toMatchObject({ myGroups: 3 });
  });

  it("counts again once another process's change of members is heard", async () => {
    const { org, outsider, tier2 } = await team();
    expect(await sidebar(outsider)).toMatchObject({ myGroups: 1 });
    expect(organizationCounts.has(org.id)).toBe(true);
    await other.query(`INSERT INTO "GroupMember" ("groupId", "userId") VALUES ($1, $2)`, [tier2.id, outsider.id]);
    await until(() => !organizationCounts.has(org.id), "the new member is heard");
    expect(await sidebar(outsider)).toMatchObject({ myGroups: 2 });
    await other.query(`DELETE FROM "GroupMember" WHERE "groupId" = $1 AND "userId" = $2`, [tier2.id, outsider.id]);
    await until(() => !organizationCounts.has(org.id), "the member's leaving is heard");
    expect(await sidebar(outsider)).toMatchObject({ myGroups: 1 });
  });
});

describe("the group filter", () => {
  it("narrows any list to one group's tickets", async () => {
    const { agent, billing, tickets: t } = await team();
    expect(await numbers(agent, `?group=${billing.id}`)).toEqual(
      [t.billing, t.billingPending, t.billingResolved].map((x) => x.ticketNumber),
    );
    expect(await numbers(agent, `?view=all-open&group=${billing.id}`)).toEqual(
      [t.billing, t.billingPending].map((x) => x.ticketNumber),
    );
    expect(await numbers(agent, `?view=all-open&group=${billing.id}&status=pending`)).toEqual([
      t.billingPending.ticketNumber,
    ]);
  });

  it("finds nothing with another organisation's group", async () => {
    const mine = await team();
    const theirs = await team();
    expect(await numbers(mine.agent, `?group=${theirs.billing.id}`)).toEqual([]);
  });

  it("is refused to a customer (403) and refuses an empty id (400)", async () => {
    const { agent, customer, billing } = await team();
    expect((await listTickets(customer, `?group=${billing.id}`)).status).toBe(403);
    const empty = await listTickets(agent, "?group=");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Unknown group");
  });
});

describe("the notice of a change of members", () => {
  it("is the one that only makes a process count again", async () => {
    const { org, agent, tier2 } = await team();
    const heard: string[] = [];
    const listen = new pg.Client({ connectionString: env.databaseUrl });
    await listen.connect();
    listen.on("notification", (m) => m.payload && heard.push(m.payload));
    await listen.query(`LISTEN ${LIVE_CHANNEL}`);
    try {
      await other.query(`DELETE FROM "GroupMember" WHERE "groupId" = $1 AND "userId" = $2`, [tier2.id, agent.id]);
      await until(() => heard.length > 0, "the notice");
      expect(heard.map((payload) => JSON.parse(payload))).toEqual([{ k: "removed", o: org.id }]);
    } finally {
      await listen.end();
    }
  });
});
