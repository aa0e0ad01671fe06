// The list's SLA outcome filter: the tickets behind a report's SLA figure (targets met in time or
// breached, of a kind, under a policy, started in a range), whatever their status now, each
// figure's count the number of tickets it lists (lib/reports/drill-down.ts).
import { GET as summary } from "@/app/api/reports/summary/route";
import type { ReportSummary } from "@/lib/schemas/reports";
import { freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { listTickets } from "../helpers/ticket-list";
import { slaPolicyRow } from "../sla/policy-rows";

let world: TwoTenants;
let gold: string;
let n: Record<string, number>;

type Target = [target: string, outcome: "met" | "breached" | "running", startedAt: string, gold: boolean];

async function ticket(organizationId: string, status: "open" | "closed", targets: Target[], assignee?: string) {
  const number = await nextTicketNumber(organizationId);
  const t = await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: number,
      subject: `Ticket ${number}`,
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      status,
      assignedToId: assignee ?? null,
      createdAt: new Date("2026-10-15T12:00:00Z"),
    },
  });
  for (const [i, [target, outcome, startedAt, isGold]] of targets.entries()) {
    const start = new Date(startedAt);
    await db.ticketSlaTarget.create({
      data: {
        organizationId,
        ticketId: t.id,
        target,
        cycle: i,
        slaPolicyId: isGold ? gold : null,
        minutes: 60,
        startedAt: start,
        metAt: outcome === "met" ? new Date(start.getTime() + 1_800_000) : null,
        breachedAt: outcome === "breached" ? new Date(start.getTime() + 3_600_000) : null,
      },
    });
  }
  return number;
}

beforeAll(async () => {
  world = await freshTwoTenants();
  gold = (await slaPolicyRow(world.org.id, "Gold")).id;
  n = {
    // Closed since: a report's figure counts it, so the list shows it.
    lateFirst: await ticket(world.org.id, "closed", [["first_response", "breached", "2026-11-05T12:00:00Z", false]]),
    goldNext: await ticket(
      world.org.id,
      "open",
      [
        ["first_response", "met", "2026-11-10T12:00:00Z", true],
        ["next_response", "met", "2026-11-10T14:00:00Z", true],
      ],
      world.users.agent.id,
    ),
    october: await ticket(world.org.id, "open", [["resolution", "breached", "2026-10-20T12:00:00Z", false]]),
    running: await ticket(world.org.id, "open", [["resolution", "running", "2026-11-12T12:00:00Z", false]]),
    none: await ticket(world.org.id, "open", []),
  };
  // Another organisation's breached target is never listed.
  await ticket(world.other.id, "open", [["first_response", "breached", "2026-11-05T12:00:00Z", false]]);
});

const numbers = async (query: string, user = world.users.org_admin) => {
  const res = await listTickets(user, `?${query}`);
  expect(res.status).toBe(200);
  return res.body.map((t) => t.ticketNumber).sort((a, b) => a - b);
};
const NOVEMBER = "slaFrom=2026-11-01&slaTo=2026-11-30";

describe("the SLA outcome filter", () => {
  it("lists tickets with a target that ended so, whatever their status", async () => {
    expect(await numbers("slaOutcome=breached")).toEqual([n.lateFirst, n.october]);
    expect(await numbers("slaOutcome=met")).toEqual([n.goldNext]);
    expect(await numbers(`slaOutcome=breached&${NOVEMBER}`)).toEqual([n.lateFirst]);
  });

  it("narrows to a kind, a policy and when the target started", async () => {
    expect(await numbers(`slaTarget=next_response&${NOVEMBER}`)).toEqual([n.goldNext]);
    expect(await numbers(`slaOutcome=met&slaTarget=first_response`)).toEqual([n.goldNext]);
    expect(await numbers(`slaPolicy=${gold}`)).toEqual([n.goldNext]);
    expect(await numbers("slaPolicy=default&slaOutcome=breached")).toEqual([n.lateFirst, n.october]);
    expect(await numbers(`slaPolicy=no-such-policy`)).toEqual([]);
    expect(await numbers("slaFrom=2026-11-11")).toEqual([n.running]);
  });

  it("lists the tickets of the report's figures, which count targets", async () => {
    const res = await readJson(
      await summary(
        makeRequest("/api/reports/summary?from=2026-11-01&to=2026-11-30", {
          headers: { cookie: await sessionCookie(world.users.org_admin) },
        }),
        params(),
      ),
    );
    const body = res.body as ReportSummary;
    // One target per kind and ticket here: each kind's figure is its number of tickets.
    for (const row of body.slaByTarget)
      for (const outcome of ["met", "breached"] as const)
        expect(await numbers(`slaOutcome=${outcome}&slaTarget=${row.target}&${NOVEMBER}`)).toHaveLength(row[outcome]);
    // Gold's two targets met are one ticket's.
    expect(body.slaByPolicy).toEqual([
      { policyId: gold, name: "Gold", met: 2, breached: 0 },
      { policyId: null, name: null, met: 0, breached: 1 },
    ]);
    expect(await numbers(`slaOutcome=met&slaPolicy=${gold}&${NOVEMBER}`)).toEqual([n.goldNext]);
    expect(await numbers(`slaOutcome=breached&slaPolicy=default&${NOVEMBER}`)).toEqual([n.lateFirst]);
  });

  it("keeps an agent's and a customer's own limits", async () => {
    // Agents see the organisation's tickets in the list; customers only their own (none here).
    expect(await numbers("slaOutcome=met", world.users.agent)).toEqual([n.goldNext]);
    expect(await numbers("slaOutcome=breached", world.users.end_user)).toEqual([]);
  });

  it("refuses what it does not know with a readable 400", async () => {
    for (const [query, message] of [
      ["slaOutcome=late", "SLA outcome must be met or breached"],
      ["slaTarget=reply", "SLA target must be one of: first_response, next_response, resolution"],
      ["slaPolicy=" + "x".repeat(65), "Unknown SLA policy"],
      [
        "slaFrom=yesterday",
        "slaFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
      ],
      ["slaFrom=2026-11-30&slaTo=2026-11-01", "slaFrom must not be after slaTo"],
    ]) {
      const res = await listTickets(world.users.org_admin, `?${query}`);
      expect(res).toMatchObject({ status: 400, body: { error: message } });
    }
  });
});
