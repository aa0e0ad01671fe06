import { GET as customers } from "@/app/api/customers/route";
import { GET as customer } from "@/app/api/tickets/[id]/customer/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { postTicket } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

const summary = async (user: User, id: string) =>
  readJson(
    await customer(makeRequest(`/api/tickets/${id}/customer`, { headers: await headers(user) }), params({ id })),
  );
const search = async (user: User, q: string) =>
  readJson(
    await customers(
      makeRequest(`/api/customers?q=${encodeURIComponent(q)}`, { headers: await headers(user) }),
      params(),
    ),
  );

describe("GET /api/tickets/{id}/customer", () => {
  it("counts the customer's tickets, dates the first contact and lists the others by last activity", async () => {
    const first = (await postTicket(world.users.agent, { customerEmail: "dana@x.test", customerName: "Dana" }))
      .body as {
      id: string;
    };
    const second = (await postTicket(world.users.agent, { customerEmail: "dana@x.test", customerName: "Dana" }))
      .body as { id: string };
    const current = (await postTicket(world.users.agent, { customerEmail: "dana@x.test", customerName: "Dana" }))
      .body as { id: string };
    await postTicket(world.users.agent, { customerEmail: "someone@x.test" });
    await db.ticket.update({
      where: { id: first.id },
      data: { status: "resolved", createdAt: new Date("2025-01-02T10:00:00Z") },
    });
    await db.ticket.update({ where: { id: second.id }, data: { updatedAt: new Date("2025-01-01T00:00:00Z") } });

    const res = await summary(world.users.agent, current.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      known: true,
      name: "Dana",
      email: "dana@x.test",
      firstContactAt: "2025-01-02T10:00:00.000Z",
      totalTickets: 3,
      openTickets: 2,
    });
    const others = (res.body as { otherTickets: { id: string; status: string }[] }).otherTickets;
    expect(others.map((t) => [t.id, t.status])).toEqual([
      [first.id, "resolved"],
      [second.id, "open"],
    ]);
  });

  it("says the customer is unknown for a ticket logged without an address", async () => {
    const t = (await postTicket(world.users.agent, {})).body as { id: string };
    expect((await summary(world.users.org_admin, t.id)).body).toMatchObject({
      known: false,
      totalTickets: 1,
      otherTickets: [],
    });
  });

  it("is for staff only, and another organisation's ticket is a 404", async () => {
    const t = (await postTicket(world.users.agent, { customerEmail: world.users.end_user.email })).body as {
      id: string;
    };
    expect((await summary(world.users.end_user, t.id)).status).toBe(403);
    expect(await summary(world.users.otherAdmin, t.id)).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
  });
});

describe("GET /api/customers", () => {
  it("finds customers by name or email, once per address, in the caller's organisation only", async () => {
    await postTicket(world.users.agent, { customerEmail: "erin.walsh@acme.test", customerName: "Erin Walsh" });
    await postTicket(world.users.agent, { customerEmail: "erin.walsh@acme.test", customerName: "Erin Walsh" });
    await postTicket(world.users.otherAdmin, { customerEmail: "erin.other@acme.test", customerName: "Erin Other" });
    expect((await search(world.users.agent, "walsh")).body).toEqual([
      { email: "erin.walsh@acme.test", name: "Erin Walsh" },
    ]);
    expect((await search(world.users.agent, "ERIN")).body).toEqual([
      { email: "erin.walsh@acme.test", name: "Erin Walsh" },
    ]);
    expect((await search(world.users.agent, "%%")).body).toEqual([]);
  });

  it("finds by two letters, or letters and spaces, the same way (case-insensitive, % and _ as themselves)", async () => {
    await postTicket(world.users.agent, { customerEmail: "q_x@acme.test", customerName: "Quinn Xu" });
    await postTicket(world.users.otherAdmin, { customerEmail: "qx@acme.test", customerName: "Quinn Other" });
    expect((await search(world.users.agent, "XU")).body).toEqual([{ email: "q_x@acme.test", name: "Quinn Xu" }]);
    expect((await search(world.users.agent, "n x")).body).toEqual([{ email: "q_x@acme.test", name: "Quinn Xu" }]);
    expect((await search(world.users.agent, "Q_")).body).toEqual([{ email: "q_x@acme.test", name: "Quinn Xu" }]);
    expect((await search(world.users.agent, "q%")).body).toEqual([]);
  });

  it("needs two characters, and is for staff only", async () => {
    expect(await search(world.users.agent, "e")).toMatchObject({
      status: 400,
      body: { error: "Type at least 2 characters" },
    });
    expect((await search(world.users.end_user, "erin")).status).toBe(403);
  });
});

describe("POST /api/tickets with an assignee", () => {
  it("assigns the new ticket and records the assignment", async () => {
    const res = await postTicket(world.users.agent, { assignedTo: world.users.agent.id, category: "billing" });
    expect(res).toMatchObject({ status: 201, body: { assignedTo: world.users.agent.id, category: "billing" } });
    const id = (res.body as { id: string }).id;
    // Both are written with the ticket, at one moment: the history still tells them in order.
    const events = await readJson(
      await history(
        makeRequest(`/api/tickets/${id}/history`, { headers: await headers(world.users.agent) }),
        params({ id }),
      ),
    );
    expect((events.body as unknown as { action: string }[]).map((e) => e.action)).toEqual([
      "ticket.created",
      "ticket.assigned",
    ]);
  });

  it("refuses an assignee who is not an active agent of the organisation", async () => {
    expect(await postTicket(world.users.agent, { assignedTo: world.users.otherAdmin.id })).toMatchObject({
      status: 400,
      body: { error: "Assignee must be an active agent of this organization" },
    });
    expect(await postTicket(world.users.agent, { assignedTo: world.users.end_user.id })).toMatchObject({ status: 400 });
  });

  it("ignores an assignee chosen by a customer", async () => {
    const res = await postTicket(world.users.end_user, { assignedTo: world.users.agent.id });
    expect(res).toMatchObject({ status: 201, body: { assignedTo: null } });
  });
});
