import { GET as list } from "@/app/api/tickets/route";
import { db } from "@/lib/server/db";
import { TICKET_SELECT, toTicketJson } from "@/lib/services/tickets/json";
import { makeRequest, params, readJson } from "../helpers/request";
import { cookieOf, setUpWorld, type SignedInActor, type World } from "../security/world";

// A list row is written by PostgreSQL as JSON text and sent on as it is: it must be exactly the
// ticket as the service's own mapping writes it (toTicketJson, through JSON), plus the row's names.

let world: World;
let ticket: Awaited<ReturnType<typeof fullTicket>>;
setUpWorld((w) => (world = w));
beforeAll(async () => {
  ticket = await fullTicket();
});

async function listFor(actor: SignedInActor, query: string) {
  const res = await list(makeRequest(`/api/tickets${query}`, { headers: await cookieOf(world, actor) }), params());
  return { res, ...(await readJson(res)) };
}

/** The ticket as toTicketJson writes it, after a trip through JSON as the browser gets it. */
async function mapped(id: string) {
  const row = await db.ticket.findUniqueOrThrow({ where: { id }, select: TICKET_SELECT });
  return JSON.parse(JSON.stringify(toTicketJson(row))) as Record<string, unknown>;
}

/** A ticket with every field filled, text that JSON must escape, and two tags in a set order. */
async function fullTicket() {
  const { org, users, ticket } = world.a;
  const [billing, urgent] = await Promise.all(
    ["billing", "urgent"].map((name) => db.tag.create({ data: { organizationId: org.id, name } })),
  );
  const at = (iso: string) => new Date(iso);
  return db.ticket.create({
    data: {
      organizationId: org.id,
      ticketNumber: 77,
      subject: 'Quote " backslash \\ tab \t ü 😀 list-item',
      description: "Line one\nline two\u0001",
      customerName: "Zoë O'Brien",
      customerEmail: ticket.customerEmail,
      priority: "urgent",
      status: "closed",
      category: "Billing",
      assignedToId: users.agent2.id,
      createdAt: at("2026-01-02T03:04:05.000Z"),
      updatedAt: at("2026-01-05T10:00:00.123Z"),
      firstResponseDueAt: at("2026-01-02T07:04:05.000Z"),
      resolutionDueAt: at("2026-01-03T03:04:05.000Z"),
      slaRiskAt: at("2026-01-02T06:04:05.000Z"),
      firstRespondedAt: at("2026-01-02T04:00:00.999Z"),
      resolvedAt: at("2026-01-04T00:00:00.001Z"),
      closedAt: at("2026-01-05T10:00:00.123Z"),
      customerRepliedLast: true,
      version: 4,
      tagIds: [urgent!.id, billing!.id],
      groupId: world.a.group.id,
    },
  });
}

describe("GET /api/tickets rows", () => {
  it("are each ticket as its own mapping writes it, with the assignee's name and the tags in order for staff", async () => {
    const { res, status, body } = await listFor("agent", "?q=list-item");
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual([
      {
        ...(await mapped(ticket.id)),
        assigneeName: world.a.users.agent2.fullName,
        customerReplied: true,
        tags: ["urgent", "billing"],
      },
    ]);
  });

  it("are the same for the ticket's customer, without tags or group", async () => {
    const { status, body } = await listFor("end_user", "?q=list-item");
    expect(status).toBe(200);
    const { group, groupId, ...staffOnlyLeftOut } = await mapped(ticket.id);
    expect({ group, groupId }).toEqual({
      group: { id: world.a.group.id, name: world.a.group.name },
      groupId: world.a.group.id,
    });
    expect(body).toEqual([{ ...staffOnlyLeftOut, assigneeName: world.a.users.agent2.fullName, customerReplied: true }]);
  });

  it("name no one for an unassigned ticket and give staff an empty tag list", async () => {
    const { id, subject } = await db.ticket.update({
      where: { id: world.a.ticket.id },
      data: { assignedToId: null },
      select: { id: true, subject: true },
    });
    const { status, body } = await listFor("agent", `?q=${encodeURIComponent(subject)}`);
    expect(status).toBe(200);
    expect(body).toEqual([{ ...(await mapped(id)), assigneeName: null, customerReplied: false, tags: [] }]);
  });

  it("are an empty array when nothing matches", async () => {
    const { res, status, body } = await listFor("agent", "?tag=never-used");
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(body).toEqual([]);
    expect((await listFor("agent", "?q=nothing-like-this")).body).toEqual([]);
  });
});
