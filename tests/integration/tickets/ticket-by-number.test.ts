import { GET as byNumber } from "@/app/api/tickets/number/[number]/route";
import { createTickets, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };

async function get(user: User | null, number: string) {
  const headers = user ? { cookie: await sessionCookie(user) } : undefined;
  return readJson(await byNumber(makeRequest(`/api/tickets/number/${number}`, { headers }), params({ number })));
}

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  await createTickets(world.org.id, 3);
  await createTickets(world.other.id, 5);
  const customer = await db.user.findUniqueOrThrow({ where: { id: world.users.end_user.id } });
  await db.ticket.updateMany({
    where: { organizationId: world.org.id, ticketNumber: 2 },
    data: { customerEmail: customer.email, subject: "Mine" },
  });
});

describe("GET /api/tickets/number/{number}", () => {
  it.each(["platform_admin", "org_admin", "agent"] as const)(
    "gives %s the organisation's ticket of that number",
    async (role) => {
      const { status, body } = await get(world.users[role], "3");
      expect(status).toBe(200);
      expect(body).toMatchObject({ ticketNumber: 3, organizationId: world.org.id });
    },
  );

  it("gives a customer their own ticket and hides the others of the organisation", async () => {
    expect(await get(world.users.end_user, "2")).toMatchObject({ status: 200, body: { subject: "Mine" } });
    expect(await get(world.users.end_user, "1")).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
  });

  it("answers 404 for a number only another organisation has, never its ticket", async () => {
    expect(await get(world.users.agent, "5")).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
    const other = await get(world.users.otherAdmin, "3");
    expect(other.status).toBe(200);
    expect(other.body.organizationId).toBe(world.other.id);
  });

  it.each(["0", "-1", "abc", "1e2", "3.0", "%20", "9999999999", "123456789"])("answers 404 for %p", async (number) => {
    expect(await get(world.users.agent, number)).toEqual({
      status: 404,
      body: { error: "Ticket not found", code: "not_found" },
    });
  });

  it("needs a session", async () => {
    expect((await get(null, "1")).status).toBe(401);
  });
});
