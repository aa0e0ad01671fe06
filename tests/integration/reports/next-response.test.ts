import { readFileSync } from "node:fs";
import path from "node:path";
import { POST as reply } from "@/app/api/replies/route";
import { Prisma } from "@/generated/prisma/client";
import { GET as summary } from "@/app/api/reports/summary/route";
import { businessMinutesBetween } from "@/lib/sla/business-time";
import type { CalendarSpec } from "@/lib/sla/calendar";
import type { ReportSummary } from "@/lib/schemas/reports";
import { freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// Next responses are written by the reply trigger as the conversation happens, and one-touch is
// read from the ticket's columns (docs/design/reports.md): hand-built histories with known answers.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

const START = new Date("2026-11-02T10:00:00Z");
const after = (m: number) => new Date(START.getTime() + m * 60_000);

async function ticket(organizationId = world.org.id, extra: Record<string, unknown> = {}) {
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: "Printer",
      description: "Jammed",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      createdAt: START,
      updatedAt: START,
      ...extra,
    },
  });
}

type Message = [by: "team" | "customer" | "note" | "unverified", minutes: number];

async function converse(ticketId: string, messages: Message[], organizationId = world.org.id) {
  for (const [by, m] of messages)
    await db.reply.create({
      data: {
        organizationId,
        ticketId,
        content: by,
        type: by === "note" ? "internal" : "public",
        authorType: by === "team" || by === "note" ? "agent" : "customer",
        authorEmail: "someone@x.test",
        senderVerified: by !== "unverified",
        createdAt: after(m),
      },
    });
}

const pairs = async (ticketId: string) =>
  (await db.ticketNextResponse.findMany({ where: { ticketId }, orderBy: { askedAt: "asc" } })).map((p) => [
    (p.askedAt.getTime() - START.getTime()) / 60_000,
    (p.answeredAt.getTime() - START.getTime()) / 60_000,
    p.minutes,
  ]);
const waiting = async (ticketId: string) =>
  (await db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).customerWaitingSince;

describe("next responses", () => {
  it("times each customer message after a team reply to the team's next reply", async () => {
    const t = await ticket();
    await converse(t.id, [
      ["customer", 1], // before any team reply: the first response's, not a next one
      ["team", 10],
      ["customer", 20],
      ["customer", 25], // waits with the one before
      ["note", 30], // a note answers nobody
      ["unverified", 35],
      ["team", 50],
      ["team", 60], // nobody was waiting
      ["unverified", 70], // a mail whose sender was not verified starts no wait
      ["customer", 80],
    ]);
    expect(await pairs(t.id)).toEqual([[20, 50, 30]]);
    expect(await waiting(t.id)).toEqual(after(80));
    await converse(t.id, [["team", 200]]);
    expect(await pairs(t.id)).toEqual([
      [20, 50, 30],
      [80, 200, 120],
    ]);
    expect(await waiting(t.id)).toBeNull();
  });

  it("answers nothing with a reply backdated before the wait began", async () => {
    const t = await ticket();
    await converse(t.id, [
      ["team", 10],
      ["customer", 100],
      ["team", 50],
    ]);
    expect(await pairs(t.id)).toEqual([]);
    expect(await waiting(t.id)).toEqual(after(100));
  });

  it("counts business minutes in the ticket's calendar", async () => {
    // Mon-Fri 09:00-17:00 in London: asked Friday 16:00, answered Monday 10:00 is two open hours.
    const hours = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((d) => [d, [["09:00", "17:00"]]]));
    const calendar: CalendarSpec = { timeZone: "Europe/London", hours, holidays: [] };
    const other = world.other.id;
    await db.businessCalendar.updateMany({
      where: { organizationId: other, isDefault: true },
      data: { timeZone: "Europe/London", hours, holidays: [] },
    });
    const t = await ticket(other);
    // 2026-11-06 is a Friday.
    const asked = new Date("2026-11-06T16:00:00Z");
    const answered = new Date("2026-11-09T10:00:00Z");
    const m = (d: Date) => (d.getTime() - START.getTime()) / 60_000;
    await converse(
      t.id,
      [
        ["team", 5],
        ["customer", m(asked)],
        ["team", m(answered)],
      ],
      other,
    );
    const [pair] = await db.ticketNextResponse.findMany({ where: { ticketId: t.id } });
    expect(pair).toMatchObject({ organizationId: other, minutes: 66 * 60, businessMinutes: 120 });
    expect(pair!.businessMinutes).toBe(businessMinutesBetween(calendar, asked, answered));
  });

  it("is written by the reply route in the reply's transaction", async () => {
    const t = await ticket(world.org.id, { assignedToId: world.users.agent.id });
    await converse(t.id, [
      ["team", 1],
      ["customer", 2],
    ]);
    const res = await reply(
      makeRequest("/api/replies", {
        method: "POST",
        body: { ticketId: t.id, content: "On it" },
        headers: { cookie: await sessionCookie(world.users.agent) },
      }),
      params(),
    );
    expect(res.status).toBe(201);
    const [pair] = await db.ticketNextResponse.findMany({ where: { ticketId: t.id } });
    expect(pair!.askedAt).toEqual(after(2));
    expect(await waiting(t.id)).toBeNull();
  });
});

describe("the migration's backfill", () => {
  it("finds the same pairs in existing replies as the trigger writes, and the open waits", async () => {
    const sql = readFileSync(
      path.join(process.cwd(), "prisma/migrations/20261207120000_next_response_times/migration.sql"),
      "utf8",
    );
    // The migration's own statement, as written in its file (no value of the test's in it).
    const backfill = /WITH numbered AS[\s\S]*?answered IS NULL;/.exec(sql)![0];
    const t = await ticket();
    const messages: Message[] = [
      ["customer", 1],
      ["team", 10],
      ["customer", 20],
      ["customer", 25],
      ["note", 30],
      ["unverified", 35],
      ["team", 50],
      ["team", 60],
      ["customer", 80],
    ];
    // Written as replies were before the trigger kept pairs: with triggers off.
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
      for (const [by, m] of messages)
        await tx.reply.create({
          data: {
            organizationId: world.org.id,
            ticketId: t.id,
            content: by,
            type: by === "note" ? "internal" : "public",
            authorType: by === "team" || by === "note" ? "agent" : "customer",
            authorEmail: "someone@x.test",
            senderVerified: by !== "unverified",
            createdAt: after(m),
          },
        });
    });
    expect(await pairs(t.id)).toEqual([]);
    await db.$executeRaw(Prisma.raw(backfill));
    expect(await pairs(t.id)).toEqual([[20, 50, 30]]);
    expect(await waiting(t.id)).toEqual(after(80));
    // Run again, it adds nothing.
    await db.$executeRaw(Prisma.raw(backfill));
    expect(await pairs(t.id)).toEqual([[20, 50, 30]]);
  });
});

describe("one-touch resolution", () => {
  it("counts tickets solved with exactly one team reply and never reopened", async () => {
    const org = world.other.id;
    const solvedAt = new Date("2026-12-03T12:00:00Z");
    const solved = { status: "resolved", solvedAt, resolvedAt: solvedAt, createdAt: new Date("2026-12-02T12:00:00Z") };
    const one = await ticket(org, solved);
    const reopened = await ticket(org, { ...solved, reopenCount: 1, reopenedAt: new Date("2026-12-03T08:00:00Z") });
    const two = await ticket(org, solved);
    await ticket(org, solved); // solved without a team reply
    const open = await ticket(org, { createdAt: solved.createdAt }); // one reply, not solved
    for (const id of [one.id, reopened.id, open.id]) await converse(id, [["team", 1]], org);
    await converse(
      two.id,
      [
        ["team", 1],
        ["customer", 2],
        ["team", 3],
      ],
      org,
    );
    const res = await readJson(
      await summary(
        makeRequest("/api/reports/summary?from=2026-12-01&to=2026-12-07", {
          headers: { cookie: await sessionCookie(world.users.otherAdmin) },
        }),
        params(),
      ),
    );
    expect(res.status).toBe(200);
    const body = res.body as ReportSummary;
    expect(body.solved).toBe(4);
    expect(body.oneTouchSolved).toBe(1);
    // Replies 0, 1, 1, 2: median 1, p90 seven tenths of the way from 1 to 2.
    expect(body.agentRepliesPerTicket).toEqual({ median: 1, p90: 1.7 });
  });
});
