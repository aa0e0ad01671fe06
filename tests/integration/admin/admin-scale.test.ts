// The admin endpoints on a large organisation: 50 agents, 20,000 assigned tickets and
// 100,000 audit events (plus another organisation of the same size as noise). Checks the
// counts, that the activity trail is read through its index starting at the cursor (the same
// WHERE shape the service sends), and prints the measured handler times.
import { GET as activity } from "@/app/api/admin/activity/route";
import { GET as agents } from "@/app/api/admin/agents/route";
import { encodeCursor } from "@/lib/services/keyset";
import { sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

jest.setTimeout(180_000);

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

async function seedOrg(org: string) {
  await db.$executeRaw`INSERT INTO "Organization" ("id", "name", "slug", "plan", "updatedAt") VALUES (${org}, ${org}, ${org}, 'enterprise', now())`;
  await db.$executeRaw`
    INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "updatedAt")
    SELECT ${org} || '-u' || g, ${org}, 'Agent ' || lpad(g::text, 2, '0'), ${org} || '-a' || g || '@scale.test', 'a' || g, CASE WHEN g = 1 THEN 'org_admin' ELSE 'agent' END::"Role", 'x', now()
    FROM generate_series(1, 50) g`;
  await db.$executeRaw`
    INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "customerName", "customerEmail", "assignedToId", "status",
      "firstResponseDueAt", "resolutionDueAt", "slaRiskAt", "updatedAt")
    SELECT ${org} || '-t' || g, ${org}, g, 's', 'd', 'c', 'c@x.test', ${org} || '-u' || (g % 50 + 1),
      (ARRAY['open', 'pending', 'in_progress', 'resolved', 'closed'])[g % 5 + 1]::"TicketStatus", now(), now(), now(), now()
    FROM generate_series(1, 20000) g`;
  await db.$executeRaw`
    INSERT INTO "AuditEvent" ("id", "organizationId", "actorId", "action", "createdAt")
    SELECT ${org} || '-e' || lpad(g::text, 7, '0'), ${org}, ${org} || '-u' || (g % 50 + 1), 'user.login', now() - (g || ' seconds')::interval
    FROM generate_series(1, 100000) g`;
}

async function timed<T>(fn: () => Promise<T>, runs = 5): Promise<{ result: T; ms: number }> {
  let result = await fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < runs; i++) result = await fn();
  return { result, ms: (performance.now() - start) / runs };
}

let cookie: string;
beforeAll(async () => {
  await resetDatabase();
  await seedOrg("scale-a");
  await seedOrg("scale-b");
  await db.$executeRaw`ANALYZE "User", "Ticket", "AuditEvent"`;
  cookie = await sessionCookie({ id: "scale-a-u1", sessionVersion: 0 });
});

it("counts every agent's open and assigned tickets in one query", async () => {
  const { result, ms } = await timed(
    async () =>
      (await agents(makeRequest("/api/admin/agents", { headers: { cookie } }), params())).json() as Promise<
        { openTickets: number; assignedTickets: number }[]
      >,
  );
  expect(result).toHaveLength(50);
  expect(result.reduce((n, a) => n + a.assignedTickets, 0)).toBe(20_000);
  // Agent k holds the tickets g with g % 50 = k - 1, all of one status: 30 of the 50 hold open ones.
  expect(result.reduce((n, a) => n + a.openTickets, 0)).toBe(12_000);
  console.log(`GET /api/admin/agents (50 agents, 20,000 tickets): ${ms.toFixed(1)} ms`);
});

it("reads the first and a deep activity page through the index", async () => {
  const page = (cursor?: string) =>
    activity(
      makeRequest(`/api/admin/activity?limit=25${cursor ? `&cursor=${cursor}` : ""}`, { headers: { cookie } }),
      params(),
    ).then((r) => r.json() as Promise<{ events: { id: string; createdAt: string }[]; nextCursor: string | null }>);
  const first = await timed(() => page());
  expect(first.result.events).toHaveLength(25);
  expect(first.result.events[0]!.id).toBe("scale-a-e0000001");

  const deepEvent = await db.auditEvent.findUniqueOrThrow({ where: { id: "scale-a-e0090000" } });
  const deepCursor = encodeCursor(deepEvent);
  const deep = await timed(() => page(deepCursor));
  expect(deep.result.events[0]!.id).toBe("scale-a-e0090001");

  const [plan] = await db.$queryRaw<{ "QUERY PLAN": PlanNode[] }[]>`
    EXPLAIN (FORMAT JSON) SELECT "id" FROM "AuditEvent" WHERE "organizationId" = ${"scale-a"} AND "createdAt" <= ${deepEvent.createdAt}
      AND ("createdAt" < ${deepEvent.createdAt} OR "id" < ${deepEvent.id})
    ORDER BY "createdAt" DESC, "id" DESC LIMIT 26`;
  const scans = nodes(plan!["QUERY PLAN"][0]!["Plan" as keyof PlanNode] as unknown as PlanNode);
  const onEvents = scans.filter((n) => n["Relation Name"] === "AuditEvent");
  expect(onEvents.map((n) => n["Node Type"])).not.toContain("Seq Scan");
  // The page starts at the cursor: the time bound is part of the index condition, not a filter.
  expect(onEvents.map((n) => String((n as { "Index Cond"?: string })["Index Cond"]))).toEqual([
    expect.stringContaining('"createdAt" <='),
  ]);
  console.log(
    `GET /api/admin/activity (100,000 events): first page ${first.ms.toFixed(1)} ms, page after 90,000 events ${deep.ms.toFixed(1)} ms`,
  );
});
