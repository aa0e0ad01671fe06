import { PUT as updateTicket } from "@/app/api/tickets/[id]/route";
import { POST as mergeRoute } from "@/app/api/tickets/[id]/merge/route";
import { PATCH as bulk } from "@/app/api/tickets/bulk/route";
import { POST as create } from "@/app/api/tickets/route";
import { POST as reply } from "@/app/api/replies/route";
import { businessMinutesBetween } from "@/lib/sla/business-time";
import type { CalendarSpec } from "@/lib/sla/calendar";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// The per-ticket figures the reports read are kept by the database in the write that moves them,
// whichever way the ticket changes (docs/design/reports.md).

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

async function newTicket(): Promise<string> {
  const res = await readJson(
    await create(
      makeRequest("/api/tickets", {
        method: "POST",
        body: { subject: "Help", description: "Please", customerEmail: "casey@x.test" },
        headers: await headers(world.users.agent),
      }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}
const send = async (body: Record<string, unknown>) => {
  const res = await reply(
    makeRequest("/api/replies", { method: "POST", body, headers: await headers(world.users.agent) }),
    params(),
  );
  expect(res.status).toBe(201);
};
const setStatus = async (id: string, status: string) => {
  const res = await updateTicket(
    makeRequest(`/api/tickets/${id}`, { method: "PUT", body: { status }, headers: await headers(world.users.agent) }),
    params({ id }),
  );
  expect(res.status).toBe(200);
};
const measures = (id: string) =>
  db.ticket.findUniqueOrThrow({
    where: { id },
    select: {
      createdAt: true,
      firstRespondedAt: true,
      firstSolvedAt: true,
      solvedAt: true,
      reopenedAt: true,
      reopenCount: true,
      agentReplies: true,
      firstResponseMinutes: true,
      firstResponseBusinessMinutes: true,
      resolutionMinutes: true,
      resolutionBusinessMinutes: true,
      entrance: true,
    },
  });

describe("the report measures on a ticket", () => {
  it("counts the team's public replies, not notes, and dates the first one", async () => {
    const id = await newTicket();
    expect(await measures(id)).toMatchObject({ agentReplies: 0, firstRespondedAt: null, entrance: "agent" });
    await send({ ticketId: id, content: "A note", type: "internal" });
    expect(await measures(id)).toMatchObject({ agentReplies: 0, firstRespondedAt: null, firstResponseMinutes: null });
    await send({ ticketId: id, content: "Hello" });
    await send({ ticketId: id, content: "Again" });
    const after = await measures(id);
    expect(after.agentReplies).toBe(2);
    expect(after.firstRespondedAt).toBeInstanceOf(Date);
    expect(after.firstResponseMinutes).toBe(0);
  });

  it("dates the first and latest solve and counts reopens (status change, reply with status, bulk)", async () => {
    const id = await newTicket();
    await send({ ticketId: id, content: "Fixed", status: "resolved" });
    const solved = await measures(id);
    expect(solved.firstSolvedAt).toBeInstanceOf(Date);
    expect(solved.solvedAt).toEqual(solved.firstSolvedAt);
    expect(solved.resolutionMinutes).toBe(0);
    // Resolved to Closed is no new solve.
    await setStatus(id, "closed");
    expect((await measures(id)).solvedAt).toEqual(solved.solvedAt);
    const res = await bulk(
      makeRequest("/api/tickets/bulk", {
        method: "PATCH",
        body: { ids: [id], status: "open" },
        headers: await headers(world.users.agent),
      }),
      params(),
    );
    expect(res.status).toBe(200);
    const reopened = await measures(id);
    expect(reopened).toMatchObject({ reopenCount: 1, firstSolvedAt: solved.firstSolvedAt });
    expect(reopened.reopenedAt).toBeInstanceOf(Date);
    await setStatus(id, "resolved");
    const again = await measures(id);
    expect(again.reopenCount).toBe(1);
    expect(again.firstSolvedAt).toEqual(solved.firstSolvedAt);
    expect(again.solvedAt!.getTime()).toBeGreaterThanOrEqual(solved.solvedAt!.getTime());
  });

  it("follows any writer, with the moments it gives, in calendar and business minutes", async () => {
    // Mon-Fri 09:00-17:00 in London, the organisation's default calendar.
    const hours = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((d) => [d, [["09:00", "17:00"]]]));
    await db.businessCalendar.updateMany({
      where: { organizationId: world.org.id, isDefault: true },
      data: { timeZone: "Europe/London", hours, holidays: [{ date: "2026-12-25", yearly: true }] },
    });
    const calendar: CalendarSpec = {
      timeZone: "Europe/London",
      hours,
      holidays: [{ date: "2026-12-25", yearly: true }],
    };
    const id = await newTicket();
    // Created Thursday 24 December 16:00, answered Monday 28 December 10:00 (Christmas a holiday,
    // then a weekend), solved Tuesday 29 December 09:30.
    const created = new Date("2026-12-24T16:00:00Z");
    const answered = new Date("2026-12-28T10:00:00Z");
    const solvedAt = new Date("2026-12-29T09:30:00Z");
    await db.$executeRaw`UPDATE "Ticket" SET "createdAt" = ${created}, "firstRespondedAt" = ${answered} WHERE "id" = ${id}`;
    await db.$executeRaw`UPDATE "Ticket" SET "status" = 'resolved', "updatedAt" = ${solvedAt} WHERE "id" = ${id}`;
    const m = await measures(id);
    expect(m).toMatchObject({
      firstResponseMinutes: (answered.getTime() - created.getTime()) / 60_000,
      firstResponseBusinessMinutes: 120,
      solvedAt,
      resolutionMinutes: (solvedAt.getTime() - created.getTime()) / 60_000,
      resolutionBusinessMinutes: 60 + 480 + 30,
    });
    expect(m.firstResponseBusinessMinutes).toBe(businessMinutesBetween(calendar, created, answered));
    expect(m.resolutionBusinessMinutes).toBe(businessMinutesBetween(calendar, created, solvedAt));
    await db.businessCalendar.updateMany({
      where: { organizationId: world.org.id, isDefault: true },
      data: {
        timeZone: "UTC",
        hours: Object.fromEntries(
          ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["00:00", "24:00"]]]),
        ),
        holidays: [],
      },
    });
  });

  it("agrees with the SLA arithmetic across a change of summer time", async () => {
    const hours = { sun: [["00:00", "24:00"] as [string, string]], mon: [["08:00", "12:00"] as [string, string]] };
    const calendar: CalendarSpec = { timeZone: "America/New_York", hours, holidays: [] };
    const a = new Date("2026-03-07T12:00:00Z");
    const b = new Date("2026-03-09T20:00:00Z");
    const [row] = await db.$queryRaw<{ m: number }[]>`
      SELECT "calendar_open_minutes"('America/New_York', ${JSON.stringify(hours)}::jsonb, '[]'::jsonb, ${a}::timestamp, ${b}::timestamp) AS m`;
    expect(row!.m).toBe(businessMinutesBetween(calendar, a, b));
    expect(row!.m).toBe(23 * 60 + 4 * 60);
  });

  it("counts again on both sides when a merge moves the conversation", async () => {
    const survivor = await newTicket();
    const merged = await newTicket();
    await send({ ticketId: survivor, content: "One" });
    await send({ ticketId: merged, content: "Two" });
    await send({ ticketId: merged, content: "Three" });
    const res = await mergeRoute(
      makeRequest(`/api/tickets/${survivor}/merge`, {
        method: "POST",
        body: { ticketIds: [merged] },
        headers: await headers(world.users.agent),
      }),
      params({ id: survivor }),
    );
    expect(res.status).toBe(200);
    expect((await measures(survivor)).agentReplies).toBe(3);
    const gone = await measures(merged);
    expect(gone.agentReplies).toBe(0);
    expect(gone.solvedAt).toBeInstanceOf(Date);
  });

  it("applies a macro's status with the reply", async () => {
    const macro = await db.macro.create({
      data: { organizationId: world.org.id, name: "Solve it", nameKey: "solve it", body: "Done", status: "resolved" },
    });
    const id = await newTicket();
    await send({ ticketId: id, content: "Done", macroId: macro.id });
    expect(await measures(id)).toMatchObject({ agentReplies: 1, resolutionMinutes: 0 });
    expect((await measures(id)).solvedAt).toBeInstanceOf(Date);
  });
});
