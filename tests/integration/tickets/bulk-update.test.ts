import { PATCH as bulk } from "@/app/api/tickets/bulk/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

type User = { id: string; sessionVersion: number };
const as = async (user: User) => ({ cookie: await sessionCookie(user) });

async function patch(user: User, body: unknown) {
  return readJson(
    await bulk(makeRequest("/api/tickets/bulk", { method: "PATCH", body, headers: await as(user) }), params()),
  );
}

let world: TwoTenants;
let ids: string[];
let foreignId: string;

async function makeTickets(organizationId: string, n: number, start: number) {
  const due = new Date(Date.now() + 3_600_000);
  const made = [];
  for (let i = 0; i < n; i++)
    made.push(
      await db.ticket.create({
        data: {
          organizationId,
          ticketNumber: start + i,
          subject: `Bulk ${start + i}`,
          description: "d",
          customerName: "Casey",
          customerEmail: "casey@x.test",
          priority: "medium",
          status: "open",
          firstResponseDueAt: due,
          resolutionDueAt: due,
          slaRiskAt: due,
        },
      }),
    );
  return made.map((t) => t.id);
}

beforeEach(async () => {
  world = await freshTwoTenants();
  ids = await makeTickets(world.org.id, 3, 1);
  [foreignId] = await makeTickets(world.other.id, 1, 1);
});

describe("PATCH /api/tickets/bulk", () => {
  it("changes status, priority and assignee of every ticket in one request, each change in its history", async () => {
    const { status, body } = await patch(world.users.agent, {
      ids,
      status: "in_progress",
      priority: "high",
      assignedTo: world.users.agent.id,
    });
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
    const rows = await db.ticket.findMany({ where: { id: { in: ids } } });
    for (const t of rows)
      expect(t).toMatchObject({ status: "in_progress", priority: "high", assignedToId: world.users.agent.id });
    for (const id of ids) {
      const res = await history(
        makeRequest(`/api/tickets/${id}/history`, { headers: await as(world.users.agent) }),
        params({ id }),
      );
      const events = (await res.json()) as { action: string; metadata: unknown }[];
      expect(events.map((e) => e.action).sort()).toEqual([
        "ticket.assigned",
        "ticket.priority_changed",
        "ticket.status_changed",
      ]);
    }
  });

  it("records nothing for a ticket that already has the value", async () => {
    await db.ticket.update({ where: { id: ids[0] }, data: { status: "pending" } });
    const { status } = await patch(world.users.agent, { ids, status: "pending" });
    expect(status).toBe(200);
    expect(await db.auditEvent.count({ where: { ticketId: { in: ids }, action: "ticket.status_changed" } })).toBe(2);
  });

  it("unassigns with assignedTo null", async () => {
    await db.ticket.updateMany({ where: { id: { in: ids } }, data: { assignedToId: world.users.agent.id } });
    const { status } = await patch(world.users.org_admin, { ids, assignedTo: null });
    expect(status).toBe(200);
    expect(await db.ticket.count({ where: { id: { in: ids }, assignedToId: null } })).toBe(3);
  });

  it.each([
    [{ status: "open" }, "ids must be a list of ticket ids"],
    [{ ids: [], status: "open" }, "Select at least one ticket"],
    [{ ids: Array.from({ length: 101 }, (_, i) => `t${i}`), status: "open" }, "At most 100 tickets at once"],
    [{ ids: ["a", "a"], status: "open" }, "Each ticket may be listed only once"],
    [{ ids: ["x".repeat(65)], status: "open" }, "Unknown ticket id"],
    [{ ids: ["a"] }, "Nothing to update"],
    [{ ids: ["a"], status: "archived" }, "Unknown status"],
    [{ ids: ["a"], priority: "critical" }, "Unknown priority"],
  ])("refuses %j with 400 '%s'", async (input, message) => {
    const { status, body } = await patch(world.users.agent, input);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });

  it("refuses an assignee who is not an active agent of this organisation, changing nothing", async () => {
    const customer = world.users.end_user.id;
    const inactive = await createUser(world.org.id, "agent", { isActive: false });
    for (const assignedTo of [customer, inactive.id, world.users.otherAdmin.id]) {
      const { status, body } = await patch(world.users.agent, { ids, assignedTo, status: "closed" });
      expect(status).toBe(400);
      expect(body.error).toBe("Assignee must be an active agent of this organization");
    }
    expect(await db.ticket.count({ where: { id: { in: ids }, status: "open" } })).toBe(3);
  });

  it.each(["agent", "org_admin", "platform_admin"] as const)(
    "lets a %s change tickets of their organisation",
    async (role) => {
      const { status } = await patch(world.users[role], { ids, priority: "low" });
      expect(status).toBe(200);
      expect(await db.ticket.count({ where: { id: { in: ids }, priority: "low" } })).toBe(3);
    },
  );

  it("forbids an end user (403) and changes nothing", async () => {
    const { status } = await patch(world.users.end_user, { ids, status: "closed" });
    expect(status).toBe(403);
    expect(await db.ticket.count({ where: { id: { in: ids }, status: "open" } })).toBe(3);
  });

  it("needs a session", async () => {
    const res = await bulk(
      makeRequest("/api/tickets/bulk", { method: "PATCH", body: { ids, status: "closed" } }),
      params(),
    );
    expect(res.status).toBe(401);
  });

  it("refuses the whole request with 404 when one id is another tenant's, changing nothing", async () => {
    const { status, body } = await patch(world.users.agent, { ids: [...ids, foreignId], status: "closed" });
    expect(status).toBe(404);
    expect(body.error).toBe("Ticket not found");
    expect(await db.ticket.count({ where: { id: { in: [...ids, foreignId] }, status: "closed" } })).toBe(0);
    expect(await db.auditEvent.count({ where: { ticketId: { in: [...ids, foreignId] } } })).toBe(0);
  });

  it("refuses an id that does not exist with 404", async () => {
    const { status } = await patch(world.users.otherAdmin, { ids: [ids[0]], status: "closed" });
    expect(status).toBe(404);
    expect(await db.ticket.findUniqueOrThrow({ where: { id: ids[0] } })).toMatchObject({ status: "open" });
  });
});
