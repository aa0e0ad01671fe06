// The measuring half of `npm run bench:time-rules`, run under tsx with the server's module
// conditions (bench/time-rules.mjs starts it with DATABASE_URL set). Prints one JSON line.
import { db } from "@/lib/server/db";
import { sweepTimeRules } from "@/lib/services/automations/time-rules";

const TICKETS = Number(process.env.BENCH_TICKETS ?? 50_000);
const ORG = "bench-time-rules";
const MINUTES_APART = 5;

/**
 * An Enterprise organisation of TICKETS tickets over the past months (four in ten closed, four
 * resolved, one open, one pending; a third unassigned; each answered by the team five minutes
 * after it came), written set-based, and the issue's three time rules.
 */
async function seed() {
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`DELETE FROM "Organization" WHERE "id" = ${ORG}`;
      await tx.$executeRaw`INSERT INTO "Organization" ("id", "name", "slug", "plan", "createdAt", "updatedAt")
        VALUES (${ORG}, 'Time rules bench', ${ORG}, 'enterprise', now(), now())`;
      await tx.$executeRaw`INSERT INTO "TicketCounter" ("organizationId", "lastNumber") VALUES (${ORG}, ${TICKETS}::int)`;
      await tx.$executeRaw`INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "createdAt", "updatedAt")
        VALUES (${`${ORG}-agent`}, ${ORG}, 'Bench Agent', 'agent@time-rules.bench', 'time-rules-agent', 'agent', 'x', now(), now())`;
      // Triggers off for the load (the clocks are written as they would stand): as bench/seed.mjs does.
      await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
      await tx.$executeRaw`
        INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "status", "customerName",
          "customerEmail", "assignedToId", "firstResponseDueAt", "resolutionDueAt", "slaRiskAt", "firstRespondedAt",
          "createdAt", "updatedAt", "statusChangedAt", "assigneeChangedAt", "teamRepliedAt")
        SELECT gen_random_uuid()::text, ${ORG}, k, 'Bench ticket ' || k, 'Details of case ' || k,
          (CASE WHEN k % 10 < 4 THEN 'closed' WHEN k % 10 < 8 THEN 'resolved' WHEN k % 10 = 8 THEN 'open' ELSE 'pending' END)::"TicketStatus",
          'Customer ' || k % 500, 'c' || k % 500 || '@bench.test', CASE WHEN k % 3 = 0 THEN NULL ELSE ${`${ORG}-agent`} END,
          c + interval '1 hour', c + interval '1 day', c + interval '18 hours', c + interval '5 minutes',
          c, c + interval '1 hour', c + interval '1 hour', c, c + interval '5 minutes'
        FROM generate_series(1, ${TICKETS}::int) AS k
          CROSS JOIN LATERAL (SELECT now()::timestamp - (${TICKETS}::int - k) * ${MINUTES_APART} * interval '1 minute' AS c) AS t`;
    },
    { timeout: 600_000 },
  );
  await db.$executeRaw`ANALYZE "Ticket"`;
  const hours = (field: string, value: number) => ({ field, operator: "hours_since_greater_than", value });
  const rules = [
    {
      name: "Pending for more than 5 days",
      conditions: {
        all: [{ field: "status", operator: "is", value: "pending" }, hours("status_changed_at", 120)],
        any: [],
      },
      actions: [{ type: "set_status", value: "closed" }],
    },
    {
      name: "Unassigned for more than 2 hours",
      conditions: {
        all: [{ field: "assignee", operator: "is", value: null }, hours("assignee_changed_at", 2)],
        any: [],
      },
      actions: [{ type: "add_tags", value: ["unassigned"] }],
    },
    {
      name: "No agent reply for 24 hours",
      conditions: { all: [hours("last_agent_reply_at", 24)], any: [] },
      actions: [{ type: "set_priority", value: "high" }],
    },
  ];
  await db.automation.createMany({
    data: rules.map((rule, position) => ({ organizationId: ORG, when: "time" as const, position, ...rule })),
  });
}

async function timed(now: Date) {
  const started = performance.now();
  const fired = await sweepTimeRules(now);
  return { fired, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

async function main() {
  await seed();
  const now = new Date();
  const first = await timed(now);
  // Five minutes later nothing changed: the sweep reads its candidates, each fired already (but
  // the one ticket of every five minutes that crossed a rule's hours since).
  const next = await timed(new Date(now.getTime() + 5 * 60_000));
  const open = await db.ticket.count({
    where: { organizationId: ORG, status: { in: ["open", "pending", "in_progress"] } },
  });
  await db.$executeRaw`DELETE FROM "Organization" WHERE "id" = ${ORG}`;
  console.log(JSON.stringify({ tickets: TICKETS, open, first, next }));
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
