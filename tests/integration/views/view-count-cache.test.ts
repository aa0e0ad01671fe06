// A saved view's count is kept in memory for as long as no ticket of the organisation changes (as
// the queue counts' entry says): a second look costs the database nothing, a change heard from
// another process is counted, and a view whose tickets move by time alone (an SLA state, a queue's
// window) is counted again once they would have moved, with no ticket changing.
import { GET as counts } from "@/app/api/tickets/counts/route";
import { GET as list, POST as create } from "@/app/api/views/route";
import { usersById } from "@/lib/auth/session";
import { countViews } from "@/lib/services/views/counts";
import { organizationCounts } from "@/lib/services/tickets/counts";
import type { SavedViewList } from "@/lib/schemas/views";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { until } from "../helpers/session-users";
import { heardSoFar } from "../helpers/heard-so-far";
import { anotherProcess } from "../helpers/another-process";

const HOUR = 3_600_000;
const other = anotherProcess(organizationCounts);

/** The organisation's one ticket, urgent, with the times a test needs. */
const urgentTicket = (
  organizationId: string,
  times: { firstResponseDueAt?: Date; resolutionDueAt?: Date; slaRiskAt?: Date; updatedAt?: Date },
) =>
  db.ticket.create({
    data: {
      organizationId,
      ticketNumber: 1,
      subject: "s",
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      priority: "urgent",
      ...times,
    },
  });

it("answers from memory until a change of the organisation is heard or an SLA target falls due", async () => {
  const org = await createOrg("pro");
  const agent = await createUser(org.id, "agent");
  const cookie = await sessionCookie(agent);
  const due = new Date(Date.now() + 10 * HOUR);
  const made = await urgentTicket(org.id, {
    firstResponseDueAt: due,
    resolutionDueAt: due,
    slaRiskAt: new Date(Date.now() - HOUR),
  });
  for (const [name, filters] of [
    ["Urgent", { priority: "urgent" }],
    ["At risk", { sla: "at_risk" }],
    ["Breached", { sla: "breached" }],
  ] as const)
    await create(makeRequest("/api/views", { method: "POST", body: { name, filters }, headers: { cookie } }), params());
  await heardSoFar(organizationCounts, other);
  const sidebar = async () => {
    await counts(makeRequest("/api/tickets/counts", { headers: { cookie } }), params());
    const body = (await (
      await list(makeRequest("/api/views", { headers: { cookie } }), params())
    ).json()) as SavedViewList;
    return Object.fromEntries(body.views.map((v) => [v.name, v.count]));
  };
  expect(await sidebar()).toEqual({ Urgent: 1, "At risk": 1, Breached: 0 });

  // A change that announces nothing is not seen: every count is the kept one.
  await other.query(`SET session_replication_role = replica`);
  await other.query(`UPDATE "Ticket" SET "priority" = 'low' WHERE "id" = $1`, [made.id]);
  await other.query(`SET session_replication_role = DEFAULT`);
  expect(await sidebar()).toEqual({ Urgent: 1, "At risk": 1, Breached: 0 });

  // Past the due time the SLA views are counted again (the ticket is breached now), while the
  // others are still the kept ones: nothing announced a change.
  const user = (await usersById([agent.id])).get(agent.id)!;
  const views = await db.savedView.findMany({ where: { organizationId: org.id } });
  const later = await countViews(
    user,
    views.map((v) => ({ id: v.id, filters: v.filters as Record<string, string> })),
    new Date(due.getTime() + 60_000),
  );
  expect(Object.fromEntries(views.map((v) => [v.name, later.get(v.id)?.count]))).toEqual({
    Urgent: 1,
    "At risk": 0,
    Breached: 1,
  });

  // A change as any writer makes it is heard, and the count is read again.
  await other.query(`UPDATE "Ticket" SET "subject" = 'changed' WHERE "id" = $1`, [made.id]);
  await until(() => !organizationCounts.has(org.id), "the change is heard");
  expect(await sidebar()).toEqual({ Urgent: 0, "At risk": 1, Breached: 0 });
});

it("keeps a view's count when the queue counts are read again only because time moved on", async () => {
  const org = await createOrg("pro");
  const agent = await createUser(org.id, "agent");
  const user = (await usersById([agent.id])).get(agent.id)!;
  const now = Date.now();
  // Last changed 23 hours ago: it leaves Recently Updated in an hour, which ends the queue counts' entry.
  const made = await urgentTicket(org.id, { updatedAt: new Date(now - 23 * HOUR) });
  await heardSoFar(organizationCounts, other);
  const views = [
    { id: "urgent", filters: { priority: "urgent" } },
    { id: "recent", filters: { view: "recently-updated" } },
  ] as const;
  const countsAt = async (at: number) =>
    Object.fromEntries([...(await countViews(user, [...views], new Date(at)))].map(([id, c]) => [id, c.count]));
  expect(await countsAt(now)).toEqual({ urgent: 1, recent: 1 });
  const first = organizationCounts.get(org.id);

  // A change that announces nothing, then two hours on: the queue counts are read again (the
  // window moved), the view of the queue is counted again, the other view's count is still kept.
  await other.query(`SET session_replication_role = replica`);
  await other.query(`UPDATE "Ticket" SET "priority" = 'low' WHERE "id" = $1`, [made.id]);
  await other.query(`SET session_replication_role = DEFAULT`);
  expect(await countsAt(now + 2 * HOUR)).toEqual({ urgent: 1, recent: 0 });
  expect(organizationCounts.get(org.id)).not.toBe(first);

  // A change as any writer makes it is heard: every count is read again.
  await other.query(`UPDATE "Ticket" SET "subject" = 'changed', "updatedAt" = now() WHERE "id" = $1`, [made.id]);
  await until(() => !organizationCounts.has(org.id), "the change is heard");
  expect(await countsAt(now + 2 * HOUR)).toEqual({ urgent: 0, recent: 1 });
});
