import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { listTickets, ticketNumbersPaged as allPages } from "../helpers/ticket-list";

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

  it("refuses an unknown sort and a cursor of another sort", async () => {
    expect((await get(agent, "?sort=random")).status).toBe(400);
    const first = await get(agent, "?sort=priority&limit=1");
    expect((await get(agent, `?sort=sla&cursor=${first.next}`)).status).toBe(400);
    expect((await get(agent, "?sort=sla&cursor=bm9wZQ")).status).toBe(400);
  });
});
