import { POST as replyRoute } from "@/app/api/replies/route";
import { PATCH as patchTicket } from "@/app/api/tickets/[id]/route";
import { acceptInboundMessage } from "@/lib/services/mail/inbound/accept";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { ticketFor } from "../attachments/attachments-helpers";

// CC: a public staff reply copies people in (kept on the reply and as the ticket's CCs, who get
// every later public reply in Cc), staff edit the list, and the customer's mail adds its CCs.

type User = { id: string; sessionVersion: number };
let world: TwoTenants;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  world = await freshTwoTenants();
  await clearJobs();
  await db.supportEmail.create({
    data: { organizationId: world.org.id, email: "help@cc-org.test", displayName: "Help", verifiedAt: new Date() },
  });
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

async function reply(user: User, body: Record<string, unknown>) {
  const res = await replyRoute(
    makeRequest("/api/replies", { method: "POST", body, headers: await headers(user) }),
    params(),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

async function patch(user: User, id: string, body: unknown) {
  const res = await patchTicket(
    makeRequest(`/api/tickets/${id}`, { method: "PATCH", body, headers: await headers(user) }),
    params({ id }),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

describe("cc on a staff reply", () => {
  it("validates: addresses, at most 10, no note, none of our own addresses, staff only", async () => {
    const ticket = await ticketFor(world.org.id, world.users.end_user.email);
    const base = { ticketId: ticket.id, content: "Hello" };
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`);
    for (const [body, error] of [
      [{ ...base, cc: ["not an address"] }, /valid email/],
      [{ ...base, cc: many }, /At most 10/],
      [{ ...base, cc: "a@example.com" }, /list of email/],
      [{ ...base, type: "internal", cc: ["a@example.com"] }, /internal note/],
      [{ ...base, cc: ["HELP@cc-org.test"] }, /own support addresses/],
    ] as const) {
      const res = await reply(world.users.agent, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect((await reply(world.users.end_user, { ...base, cc: ["a@example.com"] })).status).toBe(403);
    expect(await db.reply.count({ where: { ticketId: ticket.id } })).toBe(0);
  });

  it("stores the CCs on the reply and the ticket, and mails them in Cc (a real SMTP round trip)", async () => {
    const ticket = await ticketFor(world.org.id, "dana@customer.test");
    smtp.clear();
    const res = await reply(world.users.agent, {
      ticketId: ticket.id,
      content: "Copying in your accountant",
      cc: ["Accounts@Example.com", "accounts@example.com", "dana@customer.test", "boss@example.com"],
    });
    expect(res.status).toBe(201);
    expect((await db.reply.findUniqueOrThrow({ where: { id: res.body.id } })).cc).toEqual([
      "accounts@example.com",
      "boss@example.com",
    ]);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).cc).toEqual([
      "accounts@example.com",
      "boss@example.com",
    ]);
    const mail = await smtp.mailTo("dana@customer.test");
    expect(mail.to.sort()).toEqual(["accounts@example.com", "boss@example.com", "dana@customer.test"]);
    expect(mail.raw).toMatch(/^Cc: accounts@example\.com, boss@example\.com/m);

    // A later public reply without cc still copies the ticket's CCs; a note mails nobody.
    smtp.clear();
    expect((await reply(world.users.agent, { ticketId: ticket.id, content: "Note", type: "internal" })).status).toBe(
      201,
    );
    expect((await reply(world.users.agent, { ticketId: ticket.id, content: "Follow-up" })).status).toBe(201);
    await drainJobs();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to.sort()).toEqual(["accounts@example.com", "boss@example.com", "dana@customer.test"]);
  });
});

describe("PATCH /api/tickets/{id} { cc }", () => {
  it("sets the list (removing CCs), answers the ticket with it, records the change", async () => {
    const ticket = await ticketFor(world.org.id, "erin@customer.test");
    await db.ticket.update({ where: { id: ticket.id }, data: { cc: ["a@example.com", "b@example.com"] } });
    const res = await patch(world.users.agent, ticket.id, { cc: ["b@example.com", "c@example.com"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ticket.id, cc: ["b@example.com", "c@example.com"] });
    const event = await db.auditEvent.findFirstOrThrow({ where: { ticketId: ticket.id, action: "ticket.cc_changed" } });
    expect(event.metadata).toMatchObject({ from: "a@example.com, b@example.com", to: "b@example.com, c@example.com" });
    expect((await patch(world.users.agent, ticket.id, { cc: [] })).body.cc).toEqual([]);
    expect((await patch(world.users.agent, ticket.id, { cc: ["help@cc-org.test"] })).status).toBe(400);
    expect((await patch(world.users.agent, ticket.id, { cc: ["nope"] })).status).toBe(400);
    expect((await patch(world.users.agent, ticket.id, {})).status).toBe(400);
    expect((await patch(world.users.otherAdmin, ticket.id, { cc: [] })).status).toBe(404);
    expect((await patch(world.users.end_user, ticket.id, { cc: [] })).status).toBe(403);
  });
});

describe("inbound CC", () => {
  const raw = (lines: string[]) => Buffer.from([...lines, "", "Please see below."].join("\r\n"));

  it("keeps the CCs of a customer's mail that opens a ticket, never our own addresses", async () => {
    await acceptInboundMessage({
      raw: raw([
        "From: Fran <fran@customer.test>",
        "To: help@cc-org.test",
        "Cc: Gus <gus@customer.test>, help@cc-org.test, fran@customer.test, Hal@Partner.test",
        "Subject: Broken order",
        "Message-ID: <cc-open@customer.test>",
      ]),
      source: "smtp",
      recipients: ["help@cc-org.test"],
    });
    await drainJobs();
    const ticket = await db.ticket.findFirstOrThrow({ where: { customerEmail: "fran@customer.test" } });
    expect(ticket.cc).toEqual(["gus@customer.test", "hal@partner.test"]);
  });
});
