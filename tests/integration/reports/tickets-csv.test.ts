import { GET as csvRoute } from "@/app/api/reports/tickets.csv/route";
import { GET as apiCsvRoute } from "@/app/api/v1/reports/tickets.csv/route";
import { CSV_PAGE } from "@/lib/services/reports/tickets-csv";
import { apiTokenOf } from "../helpers/api-token";
import { createUser, freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// GET /api/reports/tickets.csv and its API twin: one row per ticket created in the range, every
// cell safe to open in a spreadsheet, streamed a page at a time.

type User = { id: string; sessionVersion: number };
let world: TwoTenants;
let second: User;

async function ticket(organizationId: string, data: Record<string, unknown> = {}) {
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: "Printer",
      description: "d",
      customerName: "Casey",
      customerEmail: "casey@x.test",
      createdAt: new Date("2026-11-10T12:00:00Z"),
      ...data,
    },
  });
}

/** RFC 4180 read back: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== "," && !(c === "\r" && text[i + 1] === "\n"))) {
      cell += c;
    } else {
      row.push(cell);
      cell = "";
      if (c === "\r") {
        rows.push(row);
        row = [];
        i++;
      }
    }
  }
  return rows;
}

async function download(user: User, query: Record<string, string>) {
  const res = await csvRoute(
    makeRequest(`/api/reports/tickets.csv?${new URLSearchParams(query)}`, {
      headers: { cookie: await sessionCookie(user) },
    }),
    params(),
  );
  return { res, rows: res.status === 200 ? parseCsv(await res.text()) : [] };
}

beforeAll(async () => {
  world = await freshTwoTenants();
  second = await createUser(world.org.id, "agent");
  await db.customField.create({
    data: { organizationId: world.org.id, key: "plan", label: "Plan", type: "text", position: 0 },
  });
});

describe("GET /api/reports/tickets.csv", () => {
  it("writes the contract's columns and custom fields, neutralising formulas and quoting per RFC 4180", async () => {
    const hostile = await ticket(world.org.id, {
      subject: '=HYPERLINK("http://evil.test","Click")',
      customerName: '+Casey, "the" customer',
      customerEmail: "@casey@x.test",
      customFields: { plan: "-1+2" },
      assignedToId: world.users.agent.id,
      firstRespondedAt: new Date("2026-11-10T12:10:00Z"),
      status: "resolved",
      resolvedAt: new Date("2026-11-10T13:40:00Z"),
    });
    await db.reply.create({
      data: {
        organizationId: world.org.id,
        ticketId: hostile.id,
        content: "Fixed",
        authorType: "agent",
        authorEmail: "a@x.test",
        createdAt: new Date("2026-11-10T12:10:00Z"),
      },
    });
    await db.satisfactionRating.create({
      data: {
        organizationId: world.org.id,
        ticketId: hostile.id,
        score: "good",
        ratedAt: new Date(),
        updatedAt: new Date(),
      },
    });
    const { res, rows } = await download(world.users.org_admin, { from: "2026-11-01", to: "2026-11-30" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="tickets-2026-11-01-to-2026-11-30.csv"');
    const [header, row] = rows;
    expect(header).toEqual([
      "Number",
      "Subject",
      "Status",
      "Priority",
      "Group",
      "Assignee",
      "Customer",
      "Customer email",
      "Company",
      "Entrance",
      "Tags",
      "Created",
      "First response",
      "Solved",
      "First response minutes",
      "First response business minutes",
      "Resolution minutes",
      "Resolution business minutes",
      "Agent replies",
      "Reopened",
      "One-touch",
      "SLA",
      "Rating",
      "Plan",
    ]);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("Subject")).toBe('\'=HYPERLINK("http://evil.test","Click")');
    expect(cell("Customer")).toBe('\'+Casey, "the" customer');
    expect(cell("Customer email")).toBe("'@casey@x.test");
    expect(cell("Plan")).toBe("'-1+2");
    expect(cell("Assignee")).toBe("Test agent");
    expect(cell("Created")).toBe("2026-11-10T12:00:00.000Z");
    expect(cell("Solved")).toBe("2026-11-10T13:40:00.000Z");
    expect(cell("First response minutes")).toBe("10");
    expect(cell("Resolution minutes")).toBe("100");
    expect(cell("Agent replies")).toBe("1");
    expect(cell("One-touch")).toBe("yes");
    expect(cell("Rating")).toBe("good");
    expect(rows).toHaveLength(2);
  });

  it("streams every ticket of the range across pages, oldest first, only the range's", async () => {
    const start = new Date("2026-06-01T00:00:00Z").getTime();
    const count = CSV_PAGE + 5;
    const first = await nextTicketNumber(world.org.id);
    await db.ticket.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        organizationId: world.org.id,
        ticketNumber: first + i + 1,
        subject: `Bulk ${i}`,
        description: "d",
        customerName: "C",
        customerEmail: "c@x.test",
        // Two tickets share each second: the id settles their order.
        createdAt: new Date(start + Math.floor(i / 2) * 1000),
      })),
    });
    await db.ticketCounter.update({ where: { organizationId: world.org.id }, data: { lastNumber: first + count } });
    const { rows } = await download(world.users.org_admin, { from: "2026-06-01", to: "2026-06-30" });
    const numbers = rows.slice(1).map((r) => Number(r[0]));
    expect(numbers).toHaveLength(count);
    expect(new Set(numbers).size).toBe(count);
    expect(rows.slice(1).every((r) => r[1]!.startsWith("Bulk "))).toBe(true);
  });

  it("names its filters in the file name and gives an agent only their own tickets", async () => {
    await ticket(world.org.id, { subject: "Mine", assignedToId: second.id, priority: "urgent" });
    const { res, rows } = await download(second, {
      from: "2026-11-01",
      to: "2026-11-30",
      priority: "urgent",
      "field.plan": "Pro Max",
      ignored: "x",
    });
    expect(res.headers.get("content-disposition")).toContain(
      'filename="tickets-2026-11-01-to-2026-11-30-priority-urgent-field.plan-pro-max.csv"',
    );
    expect(rows).toHaveLength(1);
    const own = await download(second, { from: "2026-11-01", to: "2026-11-30", agent: world.users.agent.id });
    expect(own.rows.slice(1).map((r) => r[1])).toEqual(["Mine"]);
  });

  it("refuses customers and bad ranges, and lists nothing of another organisation", async () => {
    expect((await download(world.users.end_user, { from: "2026-11-01", to: "2026-11-30" })).res.status).toBe(403);
    const bad = await download(world.users.org_admin, { from: "2026-11-30", to: "2026-11-01" });
    expect(bad.res.status).toBe(400);
    const other = await download(world.users.otherAdmin, { from: "2026-11-01", to: "2026-11-30" });
    expect(other.rows).toHaveLength(1);
  });
});

describe("GET /api/v1/reports/tickets.csv", () => {
  it("gives a token with tickets:read the organisation's tickets, and refuses one without", async () => {
    const { headers } = await apiTokenOf(world.org.id, ["tickets:read"]);
    const res = await apiCsvRoute(
      makeRequest("/api/v1/reports/tickets.csv?from=2026-11-01&to=2026-11-30", { headers }),
      params(),
    );
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['\'=HYPERLINK("http://evil.test","Click")', "Mine"]);
    const narrow = await apiTokenOf(world.org.id, ["tags:read"]);
    const refused = await apiCsvRoute(
      makeRequest("/api/v1/reports/tickets.csv?from=2026-11-01&to=2026-11-30", { headers: narrow.headers }),
      params(),
    );
    expect(refused.status).toBe(403);
  });
});
