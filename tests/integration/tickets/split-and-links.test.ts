import { POST as splitRoute } from "@/app/api/tickets/[id]/split/route";
import { GET as linksRoute, POST as linkRoute } from "@/app/api/tickets/[id]/links/route";
import { DELETE as unlinkRoute } from "@/app/api/tickets/[id]/links/[ticketId]/route";
import { historySentence } from "@/lib/format/ticket-history";
import { saveAttachments } from "@/lib/services/tickets/attachments";
import { freshTwoTenants, setTicketCounter, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
const as = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
let number = 0;

async function makeTicket(organizationId: string, overrides: Record<string, unknown> = {}) {
  const due = new Date(Date.now() + 3_600_000);
  number++;
  await setTicketCounter(organizationId, number);
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: number,
      subject: `Printer ${number}`,
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      priority: "high",
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
      ...overrides,
    },
  });
}

const message = (ticketId: string, content: string, over: Record<string, unknown> = {}) =>
  db.reply.create({
    data: {
      organizationId: world.org.id,
      ticketId,
      content,
      type: "public",
      authorType: "customer",
      authorEmail: "casey@x.test",
      ...over,
    },
  });

async function split(user: User, id: string, body: unknown) {
  return readJson(
    await splitRoute(
      makeRequest(`/api/tickets/${id}/split`, { method: "POST", body, headers: await as(user) }),
      params({ id }),
    ),
  );
}
async function link(user: User, id: string, ticketId: string) {
  return readJson(
    await linkRoute(
      makeRequest(`/api/tickets/${id}/links`, { method: "POST", body: { ticketId }, headers: await as(user) }),
      params({ id }),
    ),
  );
}
async function unlink(user: User, id: string, ticketId: string) {
  const res = await unlinkRoute(
    makeRequest(`/api/tickets/${id}/links/${ticketId}`, { method: "DELETE", headers: await as(user) }),
    params({ id, ticketId }),
  );
  return res.status;
}
async function relations(user: User, id: string) {
  return readJson(
    await linksRoute(makeRequest(`/api/tickets/${id}/links`, { headers: await as(user) }), params({ id })),
  );
}
async function sentences(ticketId: string) {
  const events = await db.auditEvent.findMany({ where: { ticketId }, orderBy: { createdAt: "asc" } });
  return events.map((e) => historySentence(e, new Map(), "Casey"));
}

beforeEach(async () => {
  world = await freshTwoTenants();
  number = 0;
});

describe("POST /api/tickets/{id}/split", () => {
  it("makes a customer's message a new ticket of the same customer, with its files, and notes it on both", async () => {
    const ticket = await makeTicket(world.org.id);
    const msg = await message(ticket.id, "Also, my invoice is wrong");
    await db.$transaction((tx) =>
      saveAttachments(tx, {
        organizationId: world.org.id,
        ticketId: ticket.id,
        replyId: msg.id,
        files: [{ filename: "invoice.txt", content: Buffer.from("42") }],
      }),
    );
    const { status, body } = await split(world.users.agent, ticket.id, { replyId: msg.id });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      ticketNumber: 2,
      subject: "Printer 1 (split)",
      description: "Also, my invoice is wrong",
      customerEmail: "casey@x.test",
      customerName: "Casey",
      priority: "high",
      status: "open",
    });
    const created = body.id as string;
    expect(await db.reply.findUnique({ where: { id: msg.id } })).toBeNull();
    expect(await db.attachment.findMany({ where: { ticketId: created } })).toMatchObject([
      { filename: "invoice.txt", replyId: null },
    ]);
    expect(await sentences(ticket.id)).toContain("Test agent split a message of this ticket into ticket #2");
    expect(await sentences(created)).toContain("Test agent split this ticket from a message of ticket #1");
  });

  it("takes a subject of the agent's choosing", async () => {
    const ticket = await makeTicket(world.org.id);
    const msg = await message(ticket.id, "Second question");
    const { body } = await split(world.users.org_admin, ticket.id, { replyId: msg.id, subject: "Invoice" });
    expect(body.subject).toBe("Invoice");
  });

  it("splits only a customer's public message, of this ticket, once", async () => {
    const ticket = await makeTicket(world.org.id);
    const other = await makeTicket(world.org.id);
    const note = await message(ticket.id, "note", { type: "internal", authorType: "agent" });
    const agentReply = await message(ticket.id, "We are on it", { authorType: "agent" });
    const elsewhere = await message(other.id, "Other ticket");
    expect(await split(world.users.agent, ticket.id, { replyId: note.id })).toMatchObject({
      status: 400,
      body: { error: "Only a customer's message can be split into a new ticket" },
    });
    expect((await split(world.users.agent, ticket.id, { replyId: agentReply.id })).status).toBe(400);
    expect((await split(world.users.agent, ticket.id, { replyId: elsewhere.id })).status).toBe(404);
    expect((await split(world.users.agent, ticket.id, {})).status).toBe(400);
    expect((await split(world.users.agent, ticket.id, { replyId: elsewhere.id, subject: "" })).status).toBe(400);
    expect(
      (await split(world.users.agent, ticket.id, { replyId: elsewhere.id, subject: "x".repeat(201) })).status,
    ).toBe(400);

    const msg = await message(ticket.id, "Split me");
    const both = await Promise.all([
      split(world.users.agent, ticket.id, { replyId: msg.id }),
      split(world.users.org_admin, ticket.id, { replyId: msg.id }),
    ]);
    // The loser finds the message gone: before it started (404) or once it held the ticket (409).
    expect(both.filter((r) => r.status === 201)).toHaveLength(1);
    expect([404, 409]).toContain(both.find((r) => r.status !== 201)!.status);
    expect(await db.ticket.count({ where: { organizationId: world.org.id, description: "Split me" } })).toBe(1);
  });

  it("is for staff of the ticket's organisation, within the plan's tickets", async () => {
    const ticket = await makeTicket(world.org.id);
    const msg = await message(ticket.id, "Hello");
    expect((await split(world.users.end_user, ticket.id, { replyId: msg.id })).status).toBe(403);
    expect((await split(world.users.otherAdmin, ticket.id, { replyId: msg.id })).status).toBe(404);
    await db.organization.update({ where: { id: world.org.id }, data: { plan: "free" } });
    const { count } = await db.ticket.createMany({
      data: Array.from({ length: 150 }, (_, i) => ({
        organizationId: world.org.id,
        ticketNumber: 100 + i,
        subject: "s",
        description: "d",
        customerName: "c",
        customerEmail: "c@x.test",
      })),
    });
    expect(count).toBe(150);
    await setTicketCounter(world.org.id, 300);
    expect(await split(world.users.agent, ticket.id, { replyId: msg.id })).toMatchObject({
      status: 403,
      body: { code: "ticket_limit_reached" },
    });
    expect(await db.reply.findUnique({ where: { id: msg.id } })).not.toBeNull();
  });
});

describe("/api/tickets/{id}/links", () => {
  it("links two tickets, shown from both, once; unlinking takes it away from both", async () => {
    const a = await makeTicket(world.org.id);
    const b = await makeTicket(world.org.id);
    const c = await makeTicket(world.org.id);
    const made = await link(world.users.agent, b.id, a.id);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ related: [{ id: a.id, ticketNumber: 1 }] });
    expect((await link(world.users.agent, a.id, b.id)).status).toBe(201); // the same pair again
    await link(world.users.agent, a.id, c.id);
    expect(await db.ticketLink.count({ where: { organizationId: world.org.id } })).toBe(2);
    expect((await relations(world.users.agent, a.id)).body).toMatchObject({
      mergedInto: null,
      merged: [],
      related: [{ ticketNumber: 2 }, { ticketNumber: 3 }],
    });
    expect((await relations(world.users.agent, b.id)).body).toMatchObject({ related: [{ ticketNumber: 1 }] });
    expect(await sentences(a.id)).toEqual(
      expect.arrayContaining(["Test agent linked this ticket to #2", "Test agent linked this ticket to #3"]),
    );
    expect((await sentences(a.id)).filter((s) => s.includes("#2"))).toHaveLength(1);

    expect(await unlink(world.users.agent, a.id, b.id)).toBe(204);
    expect((await relations(world.users.agent, b.id)).body).toMatchObject({ related: [] });
    expect(await sentences(b.id)).toContain("Test agent unlinked this ticket from #1");
    expect(await unlink(world.users.agent, a.id, b.id)).toBe(204);
  });

  it("refuses a ticket linked to itself, customers, and other organisations' tickets", async () => {
    const a = await makeTicket(world.org.id);
    const foreign = await makeTicket(world.other.id);
    expect(await link(world.users.agent, a.id, a.id)).toMatchObject({
      status: 400,
      body: { error: "A ticket cannot be linked to itself" },
    });
    expect((await link(world.users.end_user, a.id, foreign.id)).status).toBe(403);
    expect((await link(world.users.agent, a.id, foreign.id)).status).toBe(404);
    expect((await link(world.users.agent, foreign.id, a.id)).status).toBe(404);
    expect(await unlink(world.users.agent, a.id, foreign.id)).toBe(404);
    expect((await relations(world.users.otherAdmin, a.id)).status).toBe(404);
    expect((await relations(world.users.end_user, a.id)).status).toBe(403);
    const bad = await readJson(
      await linkRoute(
        makeRequest(`/api/tickets/${a.id}/links`, {
          method: "POST",
          body: { ticketId: 5 },
          headers: await as(world.users.agent),
        }),
        params({ id: a.id }),
      ),
    );
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringContaining("Unknown ticket id") } });
    expect(await db.ticketLink.count()).toBe(0);
  });
});
