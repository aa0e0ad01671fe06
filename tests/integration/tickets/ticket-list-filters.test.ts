// The list's filters beside queue, status, priority, group and tag: the assignee (or nobody), the
// SLA state as the list's badge shows it, and created / updated ranges. Each is a query parameter
// of GET /api/tickets (and of the API's list, which shares the schema) and what a saved view keeps.
import { GET as apiList } from "@/app/api/v1/tickets/route";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { listTickets } from "../helpers/ticket-list";
import { apiTokenOf } from "../helpers/api-token";

const HOUR = 3_600_000;
const now = Date.now();

let org: { id: string };
let admin: { id: string; sessionVersion: number };
let agent: { id: string; sessionVersion: number };
let customer: { id: string; sessionVersion: number; email: string };

let n = 0;
async function ticket(fields: {
  assignedToId?: string | null;
  status?: "open" | "pending" | "in_progress" | "resolved";
  /** The soonest running due time and the at-risk time, relative to now. */
  dueIn?: number;
  riskIn?: number;
  firstRespondedAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
  customerEmail?: string;
}) {
  n += 1;
  const createdAt = fields.createdAt ?? new Date(now - HOUR);
  const dueIn = fields.dueIn ?? 10 * HOUR;
  await db.ticket.create({
    data: {
      organizationId: org.id,
      ticketNumber: n,
      subject: `Ticket ${n}`,
      description: "d",
      customerName: "c",
      customerEmail: fields.customerEmail ?? "c@x.test",
      status: fields.status ?? "open",
      assignedToId: fields.assignedToId ?? null,
      firstResponseDueAt: new Date(now + dueIn),
      resolutionDueAt: new Date(now + dueIn + 48 * HOUR),
      slaRiskAt: new Date(now + (fields.riskIn ?? dueIn - HOUR)),
      firstRespondedAt: fields.firstRespondedAt ?? null,
      createdAt,
      updatedAt: fields.updatedAt ?? createdAt,
    },
  });
  return n;
}

const numbers = async (user: typeof admin, query: string) => {
  const res = await listTickets(user, query);
  expect(res.status).toBe(200);
  return res.body.map((t) => t.ticketNumber).sort((a, b) => a - b);
};

const refused = async (query: string) => {
  const res = await listTickets(admin, query);
  expect(res.status).toBe(400);
  return res.body.error;
};

let t: Record<string, number>;

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("pro");
  admin = await createUser(org.id, "org_admin");
  agent = await createUser(org.id, "agent");
  customer = await createUser(org.id, "end_user");
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  t = {
    mine: await ticket({ assignedToId: agent.id, createdAt: day("2026-11-02"), updatedAt: day("2026-11-20") }),
    admins: await ticket({ assignedToId: admin.id, createdAt: day("2026-11-03"), updatedAt: day("2026-11-04") }),
    nobodys: await ticket({
      createdAt: day("2026-11-05"),
      updatedAt: day("2026-11-05"),
      customerEmail: customer.email,
    }),
    // Past its first reply's due time: breached.
    breached: await ticket({ dueIn: -HOUR, riskIn: -2 * HOUR, createdAt: day("2026-11-10") }),
    // Inside its last quarter, not yet due: at risk.
    atRisk: await ticket({ dueIn: HOUR, riskIn: -HOUR, createdAt: day("2026-11-11") }),
    // Its first reply came: that due time no longer runs, the resolution's is far off.
    answered: await ticket({ dueIn: -HOUR, riskIn: 30 * HOUR, firstRespondedAt: new Date(now - 2 * HOUR) }),
    // Waiting on the customer: its clocks stand still, whatever the stored times say.
    pending: await ticket({ status: "pending", dueIn: -HOUR, riskIn: -2 * HOUR }),
    // Done: no SLA state.
    resolved: await ticket({ status: "resolved", dueIn: -HOUR, riskIn: -2 * HOUR }),
  };
});

describe("assignee", () => {
  it("lists the tickets assigned to one person", async () => {
    expect(await numbers(admin, `?assignee=${agent.id}`)).toEqual([t.mine]);
    expect(await numbers(admin, `?assignee=${admin.id}`)).toEqual([t.admins]);
  });

  it("lists the unassigned tickets with none", async () => {
    expect(await numbers(admin, "?assignee=none")).toEqual(
      [t.nobodys, t.breached, t.atRisk, t.answered, t.pending, t.resolved].sort((a, b) => a - b),
    );
  });

  it("matches nothing for someone unknown", async () => {
    expect(await numbers(admin, "?assignee=nobody-like-this")).toEqual([]);
  });

  it("combines with the other filters", async () => {
    expect(await numbers(admin, "?assignee=none&status=pending")).toEqual([t.pending]);
  });

  it("refuses an empty or overlong assignee", async () => {
    expect(await refused("?assignee=")).toBe("Unknown assignee");
    expect(await refused(`?assignee=${"x".repeat(65)}`)).toBe("Unknown assignee");
  });

  it("narrows a customer's own tickets only", async () => {
    expect(await numbers(customer, "?assignee=none")).toEqual([t.nobodys]);
  });
});

describe("SLA state", () => {
  it("breached: a running target is past due", async () => {
    expect(await numbers(admin, "?sla=breached")).toEqual([t.breached]);
  });

  it("at_risk: in its last quarter, not yet due", async () => {
    expect(await numbers(agent, "?sla=at_risk")).toEqual([t.atRisk]);
  });

  it("refuses another state", async () => {
    expect(await refused("?sla=late")).toBe("SLA state must be breached or at_risk");
  });
});

describe("created and updated ranges", () => {
  it("takes whole days, both ends included", async () => {
    expect(await numbers(admin, "?createdFrom=2026-11-03&createdTo=2026-11-05")).toEqual([t.admins, t.nobodys]);
    expect(await numbers(admin, "?createdTo=2026-11-02")).toEqual([t.mine]);
    expect(await numbers(admin, "?createdFrom=2026-11-11&createdTo=2026-11-11")).toEqual([t.atRisk]);
  });

  it("takes instants", async () => {
    expect(await numbers(admin, "?createdFrom=2026-11-02T12:00:00Z&createdTo=2026-11-03T11:59:59Z")).toEqual([t.mine]);
    expect(await numbers(admin, "?createdFrom=2026-11-03T13:00:00%2B01:00&createdTo=2026-11-03T12:00:00.000Z")).toEqual(
      [t.admins],
    );
  });

  it("filters by last activity", async () => {
    expect(await numbers(admin, "?updatedFrom=2026-11-04&updatedTo=2026-11-09")).toEqual([t.admins, t.nobodys]);
    expect(await numbers(admin, "?updatedFrom=2026-11-20&createdTo=2026-11-30")).toEqual([t.mine]);
  });

  it("refuses what is not a date", async () => {
    expect(await refused("?createdFrom=yesterday")).toBe(
      "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    );
    expect(await refused("?createdTo=2026-02-31")).toBe(
      "createdTo must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    );
    expect(await refused("?updatedFrom=2026-11-04T25:00Z")).toBe(
      "updatedFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    );
    expect(await refused("?updatedTo=12/04/2026")).toBe(
      "updatedTo must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    );
    expect(await refused(`?createdFrom=2026-11-04${"0".repeat(40)}`)).toBe(
      "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    );
  });

  it("refuses a range that ends before it starts", async () => {
    expect(await refused("?createdFrom=2026-11-05&createdTo=2026-11-04")).toBe(
      "createdFrom must not be after createdTo",
    );
    expect(await refused("?updatedFrom=2026-11-05T00:00:01Z&updatedTo=2026-11-05T00:00:00Z")).toBe(
      "updatedFrom must not be after updatedTo",
    );
  });
});

describe("the API's list", () => {
  it("takes the same filters and rules", async () => {
    const { headers } = await apiTokenOf(org.id, ["tickets:read"]);
    const get = async (query: string) => apiList(makeRequest(`/api/v1/tickets${query}`, { headers }), params());
    const res = await get(`?assignee=${agent.id}&createdTo=2026-11-02`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { ticketNumber: number }[] };
    expect(body.data.map((x) => x.ticketNumber)).toEqual([t.mine]);
    const bad = await get("?sla=late");
    expect(bad.status).toBe(400);
  });
});
