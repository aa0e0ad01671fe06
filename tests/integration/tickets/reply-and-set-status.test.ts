import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { POST as reply } from "@/app/api/replies/route";
import { POST as create } from "@/app/api/tickets/route";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// "Send and set Pending / Resolved" and "Reopen and reply": the reply and the status change
// are one request and one transaction, each with its history entry.

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

async function newTicket(customerEmail = "casey@x.test") {
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Help", description: "Please", customerEmail },
      headers: await headers(world.users.agent),
    }),
    params(),
  );
  return (await res.json()) as { id: string };
}
const send = async (user: User, body: unknown) =>
  readJson(await reply(makeRequest("/api/replies", { method: "POST", body, headers: await headers(user) }), params()));
const actions = async (ticketId: string) => {
  const res = await history(
    makeRequest(`/api/tickets/${ticketId}/history`, { headers: await headers(world.users.agent) }),
    params({ id: ticketId }),
  );
  return ((await res.json()) as { action: string; metadata: unknown }[]).map((e) => [e.action, e.metadata]);
};

describe("POST /api/replies with a status", () => {
  it("sends the reply and sets Pending in one go, with both history entries", async () => {
    const t = await newTicket();
    const res = await send(world.users.agent, {
      ticketId: t.id,
      content: "Can you send a screenshot?",
      status: "pending",
    });
    expect(res).toMatchObject({ status: 201, body: { content: "Can you send a screenshot?", type: "public" } });
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: t.id } });
    expect(ticket.status).toBe("pending");
    expect(ticket.firstRespondedAt).toBeInstanceOf(Date);
    expect(await actions(t.id)).toEqual([
      ["ticket.created", null],
      ["ticket.replied", null],
      ["ticket.status_changed", { field: "status", from: "open", to: "pending" }],
    ]);
  });

  it("sets Resolved and stops the resolution clock", async () => {
    const t = await newTicket();
    await send(world.users.org_admin, { ticketId: t.id, content: "Fixed in 2.1", status: "resolved" });
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: t.id } });
    expect(ticket.status).toBe("resolved");
    expect(ticket.resolvedAt).toBeInstanceOf(Date);
  });

  it("reopens a closed ticket with the reply (the resolution clock resumes)", async () => {
    const t = await newTicket();
    await db.ticket.update({
      where: { id: t.id },
      data: { status: "closed", resolvedAt: new Date(), closedAt: new Date() },
    });
    await send(world.users.agent, { ticketId: t.id, content: "Reopening: found the cause", status: "open" });
    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: t.id } });
    expect(ticket).toMatchObject({ status: "open", resolvedAt: null, closedAt: null });
    expect((await actions(t.id)).at(-1)).toEqual([
      "ticket.status_changed",
      { field: "status", from: "closed", to: "open" },
    ]);
  });

  it("records no status change when the status is already the one asked for", async () => {
    const t = await newTicket();
    await send(world.users.agent, { ticketId: t.id, content: "Still looking", type: "internal", status: "open" });
    expect((await actions(t.id)).map(([action]) => action)).toEqual(["ticket.created", "ticket.note_added"]);
  });

  it("refuses an unknown status and writes nothing", async () => {
    const t = await newTicket();
    expect(await send(world.users.agent, { ticketId: t.id, content: "x", status: "done" })).toMatchObject({
      status: 400,
      body: { error: "Unknown status" },
    });
    expect(await db.reply.count({ where: { ticketId: t.id } })).toBe(0);
  });

  it("refuses a customer who tries to change the status, and writes nothing", async () => {
    const t = await newTicket(world.users.end_user.email);
    expect(
      await send(world.users.end_user, { ticketId: t.id, content: "I'll close it", status: "closed" }),
    ).toMatchObject({
      status: 403,
    });
    expect(await db.reply.count({ where: { ticketId: t.id } })).toBe(0);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("open");
  });

  it("answers 404 for another organisation's ticket and changes nothing", async () => {
    const t = await newTicket();
    expect(await send(world.users.otherAdmin, { ticketId: t.id, content: "hi", status: "resolved" })).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("open");
  });
});
