import { GET as replies } from "@/app/api/replies/[ticketId]/route";
import { POST as reply } from "@/app/api/replies/route";
import { GET as assignable } from "@/app/api/users/assignable/route";
import { GET as organization } from "@/app/api/organizations/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

async function newTicket(user: User, customerEmail: string) {
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Help", description: "Please", customerEmail },
      headers: await headers(user),
    }),
    params(),
  );
  return (await res.json()) as { id: string };
}
const send = async (user: User, body: unknown) =>
  readJson(await reply(makeRequest("/api/replies", { method: "POST", body, headers: await headers(user) }), params()));
const read = async (user: User, ticketId: string) => {
  const res = await replies(
    makeRequest(`/api/replies/${ticketId}`, { headers: await headers(user) }),
    params({ ticketId }),
  );
  return {
    status: res.status,
    body: (await res.json()) as { content: string; type: string; authorType: string; authorEmail: string }[],
  };
};

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("replies", () => {
  it("records the first public agent reply as the first response; internal notes do not count", async () => {
    const t = await newTicket(world.users.agent, world.users.end_user.email);
    const note = await send(world.users.agent, { ticketId: t.id, content: "Checking logs", type: "internal" });
    expect(note).toMatchObject({
      status: 201,
      body: { type: "internal", authorType: "agent", authorEmail: world.users.agent.email },
    });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).firstRespondedAt).toBeNull();

    await send(world.users.agent, {
      ticketId: t.id,
      content: "On it!",
      type: "public",
      authorType: "customer",
      authorEmail: "spoof@x.test",
    });
    const after = await db.ticket.findUniqueOrThrow({ where: { id: t.id } });
    expect(after.firstRespondedAt).toBeInstanceOf(Date);
    const all = await read(world.users.agent, t.id);
    expect(all.body.map((r) => [r.type, r.authorType, r.authorEmail])).toEqual([
      ["internal", "agent", world.users.agent.email],
      ["public", "agent", world.users.agent.email],
    ]);
  });

  it("shows an end user only public replies, and their replies are public customer replies", async () => {
    const t = await newTicket(world.users.agent, world.users.end_user.email);
    await send(world.users.agent, { ticketId: t.id, content: "secret note", type: "internal" });
    await db.ticket.update({ where: { id: t.id }, data: { status: "pending" } });
    const mine = await send(world.users.end_user, { ticketId: t.id, content: "Any news?", type: "internal" });
    expect(mine.body).toMatchObject({ type: "public", authorType: "customer" });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("open");
    const seen = await read(world.users.end_user, t.id);
    expect(seen.body.map((r) => r.content)).toEqual(["Any news?"]);
  });

  it("refuses an end user's reply on a resolved ticket and on someone else's ticket", async () => {
    const t = await newTicket(world.users.agent, world.users.end_user.email);
    await db.ticket.update({ where: { id: t.id }, data: { status: "resolved" } });
    expect(await send(world.users.end_user, { ticketId: t.id, content: "reopen?" })).toEqual({
      status: 409,
      body: { error: "This ticket has been resolved. Please create a new ticket.", code: "ticket_closed" },
    });
    const notMine = await newTicket(world.users.agent, "someone.else@x.test");
    expect((await send(world.users.end_user, { ticketId: notMine.id, content: "hi" })).status).toBe(404);
    expect((await read(world.users.end_user, notMine.id)).status).toBe(404);
  });

  it("refuses empty replies and other tenants' tickets", async () => {
    const t = await newTicket(world.users.agent, "c@x.test");
    expect(await send(world.users.agent, { ticketId: t.id, content: "   " })).toMatchObject({
      status: 400,
      body: { error: "Reply cannot be empty" },
    });
    expect(await send(world.users.agent, { ticketId: t.id, content: "x", type: "shout" })).toMatchObject({
      status: 400,
      body: { error: "Unknown reply type" },
    });
    expect(await send(world.users.otherAdmin, { ticketId: t.id, content: "hello" })).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    expect(await db.reply.count({ where: { ticketId: t.id } })).toBe(0);
  });
});

describe("GET /api/users/assignable", () => {
  it("lists active agents and admins of the caller's organisation only", async () => {
    const inactive = await createUser(world.org.id, "agent", { isActive: false });
    const res = await readJson(
      await assignable(makeRequest("/api/users/assignable", { headers: await headers(world.users.agent) }), params()),
    );
    const ids = (res.body as unknown as { id: string; fullName: string }[]).map((u) => u.id);
    expect(ids).toEqual(
      expect.arrayContaining([world.users.agent.id, world.users.org_admin.id, world.users.platform_admin.id]),
    );
    expect(ids).not.toContain(world.users.end_user.id);
    expect(ids).not.toContain(world.users.otherAdmin.id);
    expect(ids).not.toContain(inactive.id);
  });

  it("is for staff only", async () => {
    expect(
      (
        await assignable(
          makeRequest("/api/users/assignable", { headers: await headers(world.users.end_user) }),
          params(),
        )
      ).status,
    ).toBe(403);
  });
});

describe("GET /api/organizations/{id}", () => {
  const get = async (user: User, id: string) =>
    readJson(
      await organization(makeRequest(`/api/organizations/${id}`, { headers: await headers(user) }), params({ id })),
    );

  it("returns the caller's organisation with its ticket stats", async () => {
    const res = await get(world.users.agent, world.org.id);
    expect(res).toMatchObject({
      status: 200,
      body: {
        id: world.org.id,
        name: world.org.name,
        plan: "pro",
        supportEmails: [],
        stats: { totalTickets: expect.any(Number), openTickets: expect.any(Number) },
      },
    });
  });

  it("is a 404 for another organisation, except for a platform admin", async () => {
    expect(await get(world.users.org_admin, world.other.id)).toEqual({
      status: 404,
      body: { error: "Organization not found", code: "not_found" },
    });
    expect((await get(world.users.platform_admin, world.other.id)).status).toBe(200);
  });
});
