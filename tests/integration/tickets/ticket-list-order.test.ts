import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { listTickets, ticketNumbersPaged as allPages } from "../helpers/ticket-list";
import { SLA_DUE_SQL } from "@/lib/services/tickets/order-sql.mjs";
import { runningDue } from "@/lib/tickets/sla";
import type { TicketListItemJson } from "@/components/tickets/queries";

type User = { id: string; sessionVersion: number };
type Row = { ticketNumber: number; assigneeName: string | null; customerReplied: boolean };

const get = (user: User, query: string) => listTickets<Row>(user, query);

const HOUR = 3_600_000;
let agent: User & { fullName: string };

beforeAll(async () => {
  await resetDatabase();
  const org = await createOrg("enterprise");
  agent = await createUser(org.id, "agent", { fullName: "Alex Agent" });
  const now = Date.now();
  // number: created (h ago), last change (h ago), priority, first reply (h ago, or none), status
  const rows = [
    [1, 10, 1, "low", null, "open"],
    [2, 8, 6, "urgent", 7, "open"],
    [3, 6, 5, "high", null, "pending"],
    [4, 4, 3, "urgent", null, "open"],
    [5, 2, 0.5, "medium", 1, "resolved"],
  ] as const;
  for (const [n, created, changed, priority, replied, status] of rows) {
    const createdAt = new Date(now - created * HOUR);
    const t = await db.ticket.create({
      data: {
        organizationId: org.id,
        ticketNumber: n,
        subject: `Ticket ${n}`,
        description: "d",
        customerName: "Casey",
        customerEmail: "casey@x.test",
        priority,
        status,
        assignedToId: n === 2 ? agent.id : null,
        createdAt,
        updatedAt: new Date(now - changed * HOUR),
        firstResponseDueAt: new Date(createdAt.getTime() + n * HOUR),
        resolutionDueAt: new Date(createdAt.getTime() + 100 * HOUR - n * HOUR),
        slaRiskAt: new Date(createdAt.getTime() + HOUR),
        firstRespondedAt: replied === null ? null : new Date(now - replied * HOUR),
        // As the reply writers keep it for the replies below.
        customerRepliedLast: n === 2,
      },
    });
    if (n === 2) {
      // The agent answered, then the customer wrote back, then an internal note: the customer spoke last.
      await db.reply.createMany({
        data: [
          {
            organizationId: org.id,
            ticketId: t.id,
            content: "a",
            type: "public",
            authorType: "agent",
            authorEmail: "a@x.test",
            createdAt: new Date(now - 7 * HOUR),
          },
          {
            organizationId: org.id,
            ticketId: t.id,
            content: "b",
            type: "public",
            authorType: "customer",
            authorEmail: "casey@x.test",
            createdAt: new Date(now - 6.5 * HOUR),
          },
          {
            organizationId: org.id,
            ticketId: t.id,
            content: "c",
            type: "internal",
            authorType: "agent",
            authorEmail: "a@x.test",
            createdAt: new Date(now - 6 * HOUR),
          },
        ],
      });
    }
    if (n === 5)
      await db.reply.createMany({
        data: [
          {
            organizationId: org.id,
            ticketId: t.id,
            content: "q",
            type: "public",
            authorType: "customer",
            authorEmail: "casey@x.test",
            createdAt: new Date(now - 1.5 * HOUR),
          },
          {
            organizationId: org.id,
            ticketId: t.id,
            content: "a",
            type: "public",
            authorType: "agent",
            authorEmail: "a@x.test",
            createdAt: new Date(now - 1 * HOUR),
          },
        ],
      });
  }
});

describe("GET /api/tickets sort", () => {
  it.each([
    ["created", [5, 4, 3, 2, 1]],
    ["activity", [5, 1, 4, 3, 2]],
    ["priority", [4, 2, 3, 5, 1]],
    // Next SLA target: ticket 2 and 5 were answered (resolution clock), the others wait for a first reply.
    ["sla", [1, 3, 4, 2, 5]],
    // The same clocks here (no two run out together): the breached first reply of 1 leads.
    ["attention", [1, 3, 4, 2, 5]],
  ])("sort=%s pages every ticket once, in order", async (sort, expected) => {
    expect(await allPages(agent, `?sort=${sort}`)).toEqual(expected);
  });

  it("lists Recent Updates by last change, not by creation", async () => {
    expect(await allPages(agent, "?view=recently-updated")).toEqual([5, 1, 4, 3, 2]);
    await db.ticket.updateMany({ where: { ticketNumber: 3 }, data: { updatedAt: new Date() } });
    expect(await allPages(agent, "?view=recently-updated")).toEqual([3, 5, 1, 4, 2]);
  });

  it("says who a ticket is assigned to and whether the customer spoke last", async () => {
    const { body } = await get(agent, "?sort=created");
    const byNumber = new Map(body.map((t) => [t.ticketNumber, t]));
    expect(byNumber.get(2)).toMatchObject({ assigneeName: "Alex Agent", customerReplied: true });
    expect(byNumber.get(5)).toMatchObject({ assigneeName: null, customerReplied: false });
    expect(byNumber.get(1)).toMatchObject({ customerReplied: false });
  });

  it("puts what needs attention first in the work queues and lists the rest as before", async () => {
    expect(await allPages(agent, "?view=all-open")).toEqual([1, 3, 4, 2]);
    expect(await allPages(agent, "?view=unassigned")).toEqual([1, 3, 4]);
    expect(await allPages(agent, "?view=my-open")).toEqual([2]);
    // Every ticket (a search through all of them) stays newest first.
    expect(await allPages(agent, "?sort=created")).toEqual(await allPages(agent, "?"));
  });

  it("refuses an unknown sort and a cursor of another sort", async () => {
    expect((await get(agent, "?sort=random")).status).toBe(400);
    expect((await get(agent, "?sort=random")).body.error).toBe("Unknown sort");
    const attention = await get(agent, "?sort=attention&limit=1");
    expect((await get(agent, `?sort=priority&cursor=${attention.next}`)).status).toBe(400);
    expect((await get(agent, `?sort=attention&cursor=${(await get(agent, "?sort=sla&limit=1")).next}`)).status).toBe(
      400,
    );
    const tampered = Buffer.from(JSON.stringify(["attention", new Date().toISOString(), "x", "urgent"])).toString(
      "base64url",
    );
    expect((await get(agent, `?sort=attention&cursor=${tampered}`)).status).toBe(400);
    const first = await get(agent, "?sort=priority&limit=1");
    expect((await get(agent, `?sort=sla&cursor=${first.next}`)).status).toBe(400);
    expect((await get(agent, "?sort=sla&cursor=bm9wZQ")).status).toBe(400);
  });
});

describe("GET /api/tickets?sort=attention with clocks that run out together", () => {
  let staff: User;
  let customer: User;
  let organizationId: string;
  // number: due (h from now), priority, created (h ago), status, raised by the customer
  const rows = [
    [1, 5, "low", 30, "open", false],
    [2, -2, "low", 40, "open", true],
    [3, -2, "urgent", 10, "pending", false],
    [4, 5, "urgent", 20, "in_progress", true],
    [5, 5, "urgent", 30, "open", false],
    [6, -2, "urgent", 10, "open", true],
    [7, 5, "high", 50, "open", false],
    [8, -9, "medium", 1, "resolved", false],
  ] as const;

  beforeAll(async () => {
    const org = await createOrg("enterprise");
    organizationId = org.id;
    staff = await createUser(org.id, "agent");
    customer = await createUser(org.id, "end_user", { email: "pat@x.test" });
    const other = await createOrg("enterprise");
    const now = Date.now();
    // One instant for every clock due together, and for the two urgent tickets raised together.
    const at = (hours: number) => new Date(Math.floor(now / HOUR) * HOUR + hours * HOUR);
    for (const [n, due, priority, created, status, fromCustomer] of rows)
      for (const organizationId of [org.id, other.id])
        await db.ticket.create({
          data: {
            organizationId,
            ticketNumber: n,
            subject: `Ticket ${n}`,
            description: "d",
            customerName: "Pat",
            customerEmail: fromCustomer ? "pat@x.test" : "lee@x.test",
            priority,
            status,
            createdAt: at(-created),
            updatedAt: at(-created),
            firstResponseDueAt: at(due),
            resolutionDueAt: at(due + 100),
            slaRiskAt: at(due - 1),
          },
        });
  });

  it("breaks ties by priority, then age, then id, across pages of every size", async () => {
    // Breached (due 2 h ago): urgent 3 and 6 raised together, then low 2; due in 5 h: urgent 5
    // (older) and 4, high 7, low 1. The resolved ticket is not in the queue.
    const tied = await db.ticket.findMany({
      where: { organizationId, ticketNumber: { in: [3, 6] } },
      select: { id: true, ticketNumber: true },
    });
    tied.sort((a, b) => (a.id < b.id ? -1 : 1));
    const expected = [...tied.map((t) => t.ticketNumber), 2, 5, 4, 7, 1];
    expect(await allPages(staff, "?view=all-open")).toEqual(expected);
    for (const limit of [1, 3]) expect(await allPages(staff, "?view=all-open&sort=attention", limit)).toEqual(expected);
  });

  it("orders a customer's own tickets the same way, and never another organisation's", async () => {
    expect(await allPages(customer, "?sort=attention")).toEqual([6, 2, 4]);
    const everything = await get(staff, "?sort=attention&limit=100");
    expect(everything.body.map((t) => t.ticketNumber)).toHaveLength(rows.length);
  });
});

describe("GET /api/tickets by SLA due with follow-ups and clocks that stand still", () => {
  let staff: User;
  let organizationId: string;
  // number: first reply due (h from now, null: answered), next reply due, resolution due, status, priority.
  // Waiting tickets keep no due times (their clocks stand still), as the SLA clock writes them.
  const rows = [
    [1, 5, null, 50, "open", "low"],
    [2, null, 1, 50, "in_progress", "low"],
    [3, null, null, null, "pending", "urgent"],
    [4, -2, null, 40, "open", "medium"],
    [5, null, null, null, "pending", "low"],
    [6, null, null, 3, "open", "high"],
  ] as const;

  beforeAll(async () => {
    const org = await createOrg("enterprise");
    organizationId = org.id;
    staff = await createUser(org.id, "agent");
    const now = Date.now();
    const at = (hours: number | null) => (hours === null ? null : new Date(now + hours * HOUR));
    for (const [n, first, next, resolution, status, priority] of rows)
      await db.ticket.create({
        data: {
          organizationId: org.id,
          ticketNumber: n,
          subject: `Ticket ${n}`,
          description: "d",
          customerName: "Pat",
          customerEmail: "pat@x.test",
          priority,
          status,
          createdAt: new Date(now - (10 + n) * HOUR),
          firstResponseDueAt: first === null ? (status === "pending" ? null : at(-9)) : at(first),
          firstRespondedAt: first === null && status !== "pending" ? at(-9.5) : null,
          nextResponseDueAt: at(next),
          resolutionDueAt: at(resolution),
          slaRiskAt: status === "pending" ? null : at(0.5),
        },
      });
  });

  it("orders by the target that runs out first, the follow-up's answer included, and the waiting tickets last", async () => {
    // Breached first reply (4), a follow-up due in 1 h (2, resolution in 50 h), resolution in 3 h (6),
    // first reply in 5 h (1); then the waiting tickets, most urgent first under needs attention, by id by SLA due.
    const waiting = await db.ticket.findMany({
      where: { organizationId, status: "pending" },
      select: { id: true, ticketNumber: true },
      orderBy: { id: "asc" },
    });
    expect(await allPages(staff, "?view=all-open")).toEqual([4, 2, 6, 1, 3, 5]);
    expect(await allPages(staff, "?sort=sla")).toEqual([4, 2, 6, 1, ...waiting.map((t) => t.ticketNumber)]);
  });

  it("pages one ticket at a time past the waiting ones in both orders", async () => {
    for (const query of ["?view=all-open&sort=attention", "?sort=sla"])
      expect((await allPages(staff, query, 1)).toSorted()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shows on each row the due time the order reads", async () => {
    const { body } = await listTickets<TicketListItemJson>(staff, "?sort=sla");
    const ordered = await db.$queryRawUnsafe<{ ticketNumber: number; due: Date | null }[]>(
      `SELECT "ticketNumber", NULLIF(${SLA_DUE_SQL}, 'infinity') AS "due" FROM "Ticket" WHERE "organizationId" = $1`,
      organizationId,
    );
    expect(ordered).toHaveLength(rows.length);
    const shown = new Map(body.map((t) => [t.ticketNumber, runningDue(t)]));
    for (const { ticketNumber, due } of ordered) expect(shown.get(ticketNumber)).toBe(due?.toISOString() ?? null);
  });

  it("refuses a cursor without an SLA due in an order by creation", async () => {
    const cursor = Buffer.from(JSON.stringify(["created", null, "x"])).toString("base64url");
    expect((await get(staff, `?sort=created&cursor=${cursor}`)).status).toBe(400);
  });
});
