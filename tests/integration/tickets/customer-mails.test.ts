import { POST as reply } from "@/app/api/replies/route";
import { PUT as updateTicket } from "@/app/api/tickets/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { threadOf } from "../helpers/inbound";
import { clearJobs, drainJobs, queuedJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";

// What the customer receives for each thing the team does on a ticket, through the real routes
// and the outbox: a reply names its agent (never their address), carries the organisation's
// signature and links to the ticket itself; a reply sent with "Send and set Resolved" is one
// mail that says so and asks for the rating; every other combination is one mail too.

type User = { id: string; sessionVersion: number };
const SIGNATURE = "Kettle Support\nWe answer Monday to Friday.";

let world: TwoTenants;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let customerNo = 0;

beforeAll(async () => {
  world = await freshTwoTenants();
  // The organisation's name ends in "Support": no mail may say "Kettle Support support".
  await db.organization.update({
    where: { id: world.org.id },
    data: { name: "Kettle Support", mailSignature: SIGNATURE },
  });
  await db.user.update({ where: { id: world.users.agent.id }, data: { fullName: "Dana Reyes" } });
  await clearJobs();
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

async function newTicket() {
  const customerEmail = `customer-${++customerNo}@example.test`;
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: {
        subject: "Kettle never arrived",
        description: "Please help",
        customerEmail,
        assignedTo: world.users.agent.id,
      },
      headers: await cookie(world.users.agent),
    }),
    params(),
  );
  expect(res.status).toBe(201);
  const ticket = (await res.json()) as { id: string; ticketNumber: number };
  await drainJobs(); // the "received" mail goes first
  return { ...ticket, customerEmail, link: `/portal?org=${world.org.slug}&ticket=${ticket.ticketNumber}` };
}

async function send(ticketId: string, body: Record<string, unknown>) {
  const res = await reply(
    makeRequest("/api/replies", {
      method: "POST",
      body: { ticketId, ...body },
      headers: await cookie(world.users.agent),
    }),
    params(),
  );
  expect(res.status).toBe(201);
}

async function setStatus(ticketId: string, status: string) {
  const res = await updateTicket(
    makeRequest(`/api/tickets/${ticketId}`, {
      method: "PUT",
      body: { status },
      headers: await cookie(world.users.agent),
    }),
    params({ id: ticketId }),
  );
  expect(res.status).toBe(200);
}

/** The mail the action queued for the customer, as their mail client reads it: exactly one job, one mail. */
async function onlyMailOf(ticket: { customerEmail: string }, action: () => Promise<void>) {
  const before = smtp.messages.length;
  await action();
  expect(await queuedJobs("mail.send")).toHaveLength(1);
  await drainJobs();
  const mails = smtp.messages.slice(before).filter((m) => m.to.includes(ticket.customerEmail));
  expect(mails).toHaveLength(1);
  return threadOf(mails[0]!.raw);
}

describe("the mails a customer receives", () => {
  it("a reply names the agent, closes with the signature and links to the ticket", async () => {
    const ticket = await newTicket();
    const mail = await onlyMailOf(ticket, () => send(ticket.id, { content: "It left the depot today." }));
    expect(mail.text).toContain(`Dana Reyes from Kettle Support replied to your ticket #${ticket.ticketNumber}:`);
    expect(mail.text).toContain(
      `It left the depot today.\n\n${SIGNATURE}\n\nView your ticket and reply in the support portal:`,
    );
    expect(mail.text).toContain(ticket.link);
    expect(mail.text).not.toContain(`replied to your ticket #${ticket.ticketNumber} and marked it resolved`);
    const agent = await db.user.findUniqueOrThrow({ where: { id: world.users.agent.id } });
    expect(mail.text).not.toContain(agent.email);
    expect(mail.text).not.toMatch(/support support/i);
    expect(mail.subject).toBe(`Re: [Kettle Support #${ticket.ticketNumber}] Kettle never arrived`);
    expect(mail.html).toContain("<div data-signature><p>Kettle Support<br>We answer Monday to Friday.</p></div>");
  });

  it("'Send and set Resolved' is one mail: the reply, saying it is resolved, with the rating links", async () => {
    const ticket = await newTicket();
    const mail = await onlyMailOf(ticket, () => send(ticket.id, { content: "Fixed in 2.1", status: "resolved" }));
    expect(mail.text).toContain(
      `Dana Reyes from Kettle Support replied to your ticket #${ticket.ticketNumber} and marked it resolved:`,
    );
    expect(mail.text).toContain(`Fixed in 2.1\n\n${SIGNATURE}\n\nHow did we do?\nGood: `);
    expect(mail.text).toMatch(/Bad: http\S+\/rate\/\S+score=bad/);
    expect(mail.text).toContain(ticket.link);
    expect(await db.satisfactionLink.count({ where: { ticketId: ticket.id } })).toBe(1);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("resolved");
  });

  it("'Send and set Pending' is one mail, the reply alone", async () => {
    const ticket = await newTicket();
    const mail = await onlyMailOf(ticket, () => send(ticket.id, { content: "Which address?", status: "pending" }));
    expect(mail.text).toContain("Which address?");
    expect(mail.text).not.toContain("How did we do?");
  });

  it("resolving without a reply is one mail, signed, with the rating links and the ticket's link", async () => {
    const ticket = await newTicket();
    const mail = await onlyMailOf(ticket, () => setStatus(ticket.id, "resolved"));
    expect(mail.text).toContain(
      `Your ticket #${ticket.ticketNumber} "Kettle never arrived" has been resolved by the Kettle Support team.\n\n${SIGNATURE}\n\nHow did we do?`,
    );
    expect(mail.text).toContain(ticket.link);
  });

  it("an internal note that resolves the ticket sends the resolved mail, never the note", async () => {
    const ticket = await newTicket();
    const mail = await onlyMailOf(ticket, () =>
      send(ticket.id, { content: "Refund booked internally", type: "internal", status: "resolved" }),
    );
    expect(mail.text).toContain("has been resolved by the Kettle Support team.");
    expect(mail.text).not.toContain("Refund booked internally");
  });

  it("a reply without a signature set ends with the link", async () => {
    await db.organization.update({ where: { id: world.org.id }, data: { mailSignature: "" } });
    try {
      const ticket = await newTicket();
      const mail = await onlyMailOf(ticket, () => send(ticket.id, { content: "On its way." }));
      expect(mail.text).toContain("On its way.\n\nView your ticket and reply in the support portal:");
    } finally {
      await db.organization.update({ where: { id: world.org.id }, data: { mailSignature: SIGNATURE } });
    }
  });
});
