// Every organisation-scoped query behind the ticket list (each view, filters, search, a second
// page), the queue counts and the ticket detail with its replies uses an index on a seeded
// database of 51,200 tickets: the SQL the handlers really send is recorded at the driver and
// EXPLAINed with its parameters. No plan may scan Ticket or Reply sequentially, and list
// pages are keyset-paged (no OFFSET). A member search among 30,000 users reads trigram indexes.
import pg from "pg";
import { GET as replies } from "@/app/api/replies/[ticketId]/route";
import { GET as counts } from "@/app/api/tickets/counts/route";
import { GET as customerSearch } from "@/app/api/customers/route";
import { GET as customer } from "@/app/api/tickets/[id]/customer/route";
import { GET as detail } from "@/app/api/tickets/detail/[id]/route";
import { GET as pane } from "@/app/api/tickets/[id]/pane/route";
import { GET as list } from "@/app/api/tickets/route";
import { PUT as update } from "@/app/api/tickets/[id]/route";
import { GET as users } from "@/app/api/users/route";
import { GET as apiCustomers } from "@/app/api/v1/customers/route";
import { GET as suggest } from "@/app/api/help/[org]/suggest/route";
import { GET as views } from "@/app/api/views/route";
import { GET as breakdown } from "@/app/api/reports/breakdown/route";
import { GET as heatmap } from "@/app/api/reports/heatmap/route";
import { GET as series } from "@/app/api/reports/series/route";
import { REPORT_DIMENSIONS } from "@/lib/schemas/reports-charts";
import { GET as summary } from "@/app/api/reports/summary/route";
import { GET as ticketsCsv } from "@/app/api/reports/tickets.csv/route";
import type { Condition, ConditionField } from "@/lib/schemas/automations";
import type { ActiveRule } from "@/lib/services/automations/active-rules";
import { candidatesQuery } from "@/lib/services/automations/time-rules";
import { sessionCookie } from "../helpers/fixtures";
import { apiTokenOf } from "../helpers/api-token";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

type Sent = { text: string; values: unknown[] };
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Scan Direction"?: string;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
};

const BIG = { org: "perf-org-0", tickets: 20_000 };
const SMALL = { org: "perf-org-1", tickets: 800 };
const ORGS = 40;
const MEMBERS = 30_000;

// Records what the application sends through node-postgres (the driver under Prisma's adapter).
const sent: Sent[] = [];
const originalQuery = pg.Client.prototype.query;
let recording = false;
function recordingQuery(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof config === "string" ? config : config?.text;
  if (recording && text) sent.push({ text, values: (typeof config === "object" && config?.values) || values || [] });
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
}

/**
 * 40 organisations (one of 20,000 tickets, 39 of 800), one reply per ticket, set-based. The
 * secondary indexes of Ticket and Reply are dropped for the load and rebuilt from their own
 * catalogue definitions in the same transaction (much faster than row-by-row upkeep).
 */
async function seed() {
  await db.$transaction(async (tx) => load(tx), { timeout: 120_000, maxWait: 10_000 });
  // VACUUM also merges the rows waiting in the trigram indexes' pending lists (as autovacuum
  // does in production); until then the planner rightly prices those indexes as slow.
  await db.$executeRaw`VACUUM (ANALYZE) "Organization", "User", "Ticket", "Reply", "Tag", "TicketTag", "TicketFieldValue", "Group", "GroupMember", "TicketNextResponse"`;
}

async function load(tx: Pick<typeof db, "$executeRaw">) {
  await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
  await tx.$executeRaw`SET LOCAL maintenance_work_mem = '256MB'`;
  await tx.$executeRaw`
    CREATE TEMP TABLE perf_indexes ON COMMIT DROP AS
    SELECT i.indexname, i.indexdef, ARRAY(
      SELECT format('ALTER INDEX %I ALTER COLUMN %s SET STATISTICS %s', i.indexname, a.attnum, a.attstattarget)
      FROM pg_attribute a WHERE a.attrelid = format('%I', i.indexname)::regclass AND a.attstattarget IS NOT NULL
    ) AS targets FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN ('Ticket', 'Reply')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`;
  await tx.$executeRaw`DO $$ DECLARE r record; BEGIN FOR r IN SELECT indexname FROM perf_indexes LOOP EXECUTE format('DROP INDEX %I', r.indexname); END LOOP; END $$`;
  await tx.$executeRaw`
    INSERT INTO "Organization" ("id", "name", "slug", "plan", "createdAt", "updatedAt")
    SELECT 'perf-org-' || i, 'Perf ' || i, 'perf-' || i, 'enterprise', now(), now()
    FROM generate_series(0, ${ORGS - 1}::int) AS i`;
  await tx.$executeRaw`
    INSERT INTO "TicketCounter" ("organizationId", "lastNumber")
    SELECT 'perf-org-' || i, CASE WHEN i = 0 THEN ${BIG.tickets}::int ELSE ${SMALL.tickets}::int END
    FROM generate_series(0, ${ORGS - 1}::int) AS i`;
  await tx.$executeRaw`
    INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "createdAt", "updatedAt")
    SELECT 'perf-' || r || '-' || i, 'perf-org-' || i, 'Perf ' || r, r || i || '@perf.test', r || i, r::"Role", 'x', now(), now()
    FROM generate_series(0, ${ORGS - 1}::int) AS i, unnest(ARRAY['agent', 'end_user', 'org_admin']) AS r`;
  await tx.$executeRaw`
    INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "createdAt", "updatedAt")
    SELECT 'perf-member-' || k, 'perf-org-0', 'Member ' || md5(k::text), 'member' || k || '@perf.test', 'member' || k, 'end_user', 'x', now(), now()
    FROM generate_series(1, ${MEMBERS}::int) AS k`;
  await tx.$executeRaw`
    INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "priority", "status", "customerName",
      "customerEmail", "assignedToId", "firstResponseDueAt", "resolutionDueAt", "slaRiskAt", "firstRespondedAt", "createdAt", "updatedAt", "tagIds", "groupId",
      "statusChangedAt", "assigneeChangedAt", "teamRepliedAt", "customFields",
      "agentReplies", "solvedAt", "firstSolvedAt", "firstResponseMinutes", "resolutionMinutes")
    SELECT gen_random_uuid()::text, 'perf-org-' || o.i, k,
      (ARRAY['Printer is on fire', 'Refund for invoice', 'Cannot log in', 'Export fails'])[1 + k % 4] || ' ' || k,
      'Details of case ' || k || ' from the ' || (ARRAY['web', 'mobile', 'api'])[1 + k % 3] || ' team',
      (ARRAY['urgent', 'high', 'medium', 'low'])[1 + k % 4]::"TicketPriority",
      (CASE WHEN k % 10 < 4 THEN 'closed' WHEN k % 10 < 8 THEN 'resolved' WHEN k % 10 = 8 THEN 'open' ELSE 'pending' END)::"TicketStatus",
      'Customer ' || k % 500, CASE WHEN k % 100 = 0 THEN 'end_user' || o.i || '@perf.test' ELSE 'c' || k % 500 || '@perf.test' END,
      CASE WHEN k % 3 = 0 THEN NULL ELSE 'perf-agent-' || o.i END,
      t.c + interval '1 hour', t.c + interval '1 day', t.c + interval '18 hours', t.c + interval '30 minutes', t.c, t.c + interval '1 hour',
      CASE WHEN k % 1000 = 7 THEN ARRAY['perf-tag-' || o.i || '-rare'] WHEN k % 2 = 0 THEN ARRAY['perf-tag-' || o.i || '-' || (k / 2) % 10] ELSE '{}' END,
      CASE WHEN k % 7 = 1 THEN 'perf-group-' || o.i || '-' || (k / 7) % 3 END,
      t.c + interval '1 hour', t.c, t.c + interval '5 minutes',
      CASE WHEN k % 2 = 0 THEN jsonb_build_object('order_number', 'A-' || k % 100, 'plan', (ARRAY['Basic', 'Pro'])[1 + k % 4 / 2])
        WHEN k % 1000 = 501 THEN jsonb_build_object('order_number', 'ORD-' || 100000 + k) ELSE '{}' END,
      -- The reports' measures as their triggers keep them: the reply below, solved when done an hour in.
      1, CASE WHEN k % 10 < 8 THEN t.c + interval '1 hour' END, CASE WHEN k % 10 < 8 THEN t.c + interval '1 hour' END,
      30, CASE WHEN k % 10 < 8 THEN 60 END
    FROM (SELECT i, CASE WHEN i = 0 THEN ${BIG.tickets}::int ELSE ${SMALL.tickets}::int END AS n FROM generate_series(0, ${ORGS - 1}::int) AS i) AS o
      CROSS JOIN LATERAL generate_series(1, o.n) AS k
      CROSS JOIN LATERAL (SELECT now()::timestamp - (o.n - k) * interval '10 minutes' AS c) AS t`;
  // Next responses as the reply trigger writes them: every other ticket answered once more, an hour after its customer.
  await tx.$executeRaw`
    INSERT INTO "TicketNextResponse" ("ticketId", "organizationId", "askedAt", "answeredAt", "minutes", "businessMinutes")
    SELECT "id", "organizationId", "createdAt" + interval '2 hours', "createdAt" + interval '3 hours', 60, 60
    FROM "Ticket" WHERE "ticketNumber" % 2 = 0`;
  // SLA targets as the ticket's clock writes them: each ticket's first response, started when it
  // was created, met in half an hour, one in twenty answered late and breached.
  await tx.$executeRaw`
    INSERT INTO "TicketSlaTarget" ("ticketId", "organizationId", "target", "minutes", "startedAt", "dueAt", "metAt", "breachedAt")
    SELECT "id", "organizationId", 'first_response', 60, "createdAt", "createdAt" + interval '1 hour',
      "createdAt" + CASE WHEN "ticketNumber" % 20 = 0 THEN interval '2 hours' ELSE interval '30 minutes' END,
      CASE WHEN "ticketNumber" % 20 = 0 THEN "createdAt" + interval '1 hour' END
    FROM "Ticket"`;
  // Custom fields: half the tickets hold values, each order number one ticket in a hundred; one
  // ticket in a thousand holds a long order number that a search finds (ORD-100501).
  await tx.$executeRaw`
    INSERT INTO "CustomField" ("id", "organizationId", "key", "label", "type", "options", "position", "updatedAt")
    SELECT 'perf-field-' || i || '-' || f.key, 'perf-org-' || i, f.key, f.label, f.type::"CustomFieldType", f.options, f.position, now()
    FROM generate_series(0, ${ORGS - 1}::int) AS i,
      (VALUES ('order_number', 'Order number', 'text', ARRAY[]::text[], 0), ('plan', 'Plan', 'dropdown', ARRAY['Basic', 'Pro'], 1))
        AS f(key, label, type, options, position)`;
  // Ten common tags per organisation (each on a twentieth of its tickets) and a rare one (one in a thousand).
  await tx.$executeRaw`
    INSERT INTO "Tag" ("id", "organizationId", "name", "createdAt")
    SELECT 'perf-tag-' || i || '-' || j, 'perf-org-' || i, CASE WHEN j = 'rare' THEN 'Rare' ELSE 'Common ' || j END, now()
    FROM generate_series(0, ${ORGS - 1}::int) AS i, unnest(ARRAY['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'rare']) AS j`;
  // Three groups per organisation (each with a twenty-first of its tickets); the agent is in two.
  await tx.$executeRaw`
    INSERT INTO "Group" ("id", "organizationId", "name", "nameKey", "updatedAt")
    SELECT 'perf-group-' || i || '-' || j, 'perf-org-' || i, 'Group ' || j, 'group ' || j, now()
    FROM generate_series(0, ${ORGS - 1}::int) AS i, generate_series(0, 2) AS j`;
  await tx.$executeRaw`
    INSERT INTO "GroupMember" ("groupId", "userId")
    SELECT 'perf-group-' || i || '-' || j, 'perf-agent-' || i FROM generate_series(0, ${ORGS - 1}::int) AS i, generate_series(0, 1) AS j`;
  await tx.$executeRaw`
    INSERT INTO "TicketTag" ("tagId", "ticketId", "ticketCreatedAt", "ticketUpdatedAt")
    SELECT t, "id", "createdAt", "updatedAt" FROM "Ticket" CROSS JOIN LATERAL unnest("tagIds") AS t`;
  await tx.$executeRaw`
    INSERT INTO "TicketFieldValue" ("organizationId", "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt")
    SELECT "organizationId", "id", r."key", r."value", "createdAt", "updatedAt"
    FROM "Ticket" CROSS JOIN LATERAL "ticket_field_rows"("customFields") AS r`;
  await tx.$executeRaw`
    INSERT INTO "Reply" ("id", "organizationId", "ticketId", "content", "type", "authorType", "authorEmail", "createdAt")
    SELECT gen_random_uuid()::text, "organizationId", "id", 'We are on it', 'public', 'agent', 'agent@perf.test', "createdAt" + interval '5 minutes'
    FROM "Ticket"`;
  // A definition leaves out the statistics a migration turned off for an index column: set them again.
  await tx.$executeRaw`DO $$ DECLARE r record; BEGIN FOR r IN SELECT 1 AS step, indexdef AS statement FROM perf_indexes UNION ALL SELECT 2, unnest(targets) FROM perf_indexes ORDER BY step LOOP EXECUTE r.statement; END LOOP; END $$`;
  // Triggers were off for the load (replica role): rebuild the open-ticket counters.
  await tx.$executeRaw`
    INSERT INTO "TicketQueueCount" ("organizationId", "assignedToId", "open")
    SELECT "organizationId", COALESCE("assignedToId", ''), count(*) FROM "Ticket"
    WHERE "status" IN ('open', 'pending', 'in_progress') GROUP BY 1, 2`;
}

function scans(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(scans)];
}

/**
 * Runs `send` while recording, then EXPLAINs each query it caused on the given tables: with the
 * values it was sent with or, `generic`, as the plan a prepared statement keeps (made without them).
 */
async function explainAll(
  send: () => Promise<Response>,
  { tables = /FROM "(public"\.")?(Ticket|Reply)"/, generic = false } = {},
) {
  sent.length = 0;
  recording = true;
  let res: Response;
  try {
    res = await send();
  } finally {
    recording = false;
  }
  expect(res.status).toBe(200);
  const queries = sent.filter((q) => tables.test(q.text));
  expect(queries.length).toBeGreaterThan(0);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const plans = [];
    for (const q of queries) {
      const explain = originalQuery as (this: pg.Client, text: string, values: unknown[]) => Promise<pg.QueryResult>;
      const { rows } = generic
        ? await explain.call(client, `EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${q.text}`, [])
        : await explain.call(client, `EXPLAIN (FORMAT JSON) ${q.text}`, q.values);
      const nodes = scans((rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan);
      plans.push({ text: q.text, values: q.values, nodes, res });
    }
    return plans;
  } finally {
    await client.end();
  }
}

/**
 * Runs `send` while recording, then runs each statement it sent on a custom field's rows again as
 * a prepared statement held to its generic plan, with its values, and EXPLAINs what it did; `batch`
 * is how many of the field's rows the statement may read (its batch, field-value-batches.ts).
 */
async function explainGeneric(send: () => Promise<Response>) {
  sent.length = 0;
  recording = true;
  try {
    expect((await send()).status).toBe(200);
  } finally {
    recording = false;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const run = originalQuery as (this: pg.Client, text: string) => Promise<pg.QueryResult>;
  try {
    await run.call(client, "SET plan_cache_mode = force_generic_plan");
    const plans = [];
    for (const q of sent.filter((q) => q.text.includes('"TicketFieldValue"'))) {
      const size = /LIMIT (\d+)\s*\) AS "fieldRows"/.exec(q.text) ?? /OFFSET (\d+) LIMIT 1/.exec(q.text);
      // What a selective filter leaves of a page after its batches is planned for the request,
      // never prepared (field-sort.ts): no generic plan to hold.
      if (!size) continue;
      const batch = Number(size![1]) + (size![0].startsWith("OFFSET") ? 1 : 0);
      const args = q.values.map((v) => (typeof v === "number" ? String(v) : client.escapeLiteral(String(v))));
      await run.call(client, `PREPARE generic_field_order AS ${q.text}`);
      const { rows } = await run.call(
        client,
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_field_order(${args.join(", ")})`,
      );
      await run.call(client, "DEALLOCATE generic_field_order");
      const nodes = scans((rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan);
      plans.push({ text: q.text, nodes, batch });
    }
    return plans;
  } finally {
    await client.end();
  }
}

/**
 * How many times PostgreSQL ran `query` by its generic plan when it was sent as a prepared
 * statement eight times on one connection (the first five are always planned with the values).
 */
async function genericPlansKept(query: Sent): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const run = originalQuery as (this: pg.Client, query: pg.QueryConfig) => Promise<pg.QueryResult>;
    for (let i = 0; i < 8; i++) await run.call(client, { name: "kept-plan", text: query.text, values: query.values });
    const { rows } = await run.call(client, {
      text: "SELECT generic_plans::int AS generic FROM pg_prepared_statements WHERE name = 'kept-plan'",
    });
    return (rows[0] as { generic: number }).generic;
  } finally {
    await client.end();
  }
}

function sequentialScans(plans: { nodes: PlanNode[] }[]) {
  return plans
    .flatMap((p) => p.nodes)
    .filter((n) => n["Node Type"] === "Seq Scan" && (n["Relation Name"] === "Ticket" || n["Relation Name"] === "Reply"))
    .map((n) => n["Relation Name"]);
}
function ticketIndexes(plans: { nodes: PlanNode[] }[]) {
  return plans
    .flatMap((p) => p.nodes)
    .filter((n) => n["Index Name"]?.startsWith("Ticket_"))
    .map((n) => n["Index Name"]);
}

/** A ticket of customer c42, who has one ticket in 500 of each organisation's. */
const c42Ticket = (org: string) =>
  db.ticket.findFirstOrThrow({ where: { organizationId: org, customerEmail: "c42@perf.test" }, select: { id: true } });

const session = async (org: string, role: "agent" | "end_user" | "org_admin") => ({
  cookie: await sessionCookie({ id: `perf-${role}-${org.replace("perf-org-", "")}`, sessionVersion: 0 }),
});
const QUERIES = [
  "",
  "?view=unassigned",
  "?view=my-open",
  "?view=all-open",
  "?view=sla-risk",
  "?view=recently-updated",
  "?view=closed",
  "?view=my-groups",
  "?status=pending&priority=high",
  "?q=printer",
  "?q=REFUND",
  "?q=c42%40perf",
  "?q=customer%20499",
  "?q=%23123",
  "?q=zqxj",
  "?view=all-open&q=invoice",
];

beforeAll(async () => {
  await resetDatabase();
  await seed();
  pg.Client.prototype.query = recordingQuery as typeof pg.Client.prototype.query;
}, 120_000);
afterAll(() => {
  pg.Client.prototype.query = originalQuery;
});

describe.each([
  ["the largest organisation", BIG.org],
  ["a small organisation", SMALL.org],
])("query plans at %s", (_label, org) => {
  it.each(QUERIES)("GET /api/tickets%s reads an index, keyset-paged without OFFSET", async (query) => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => list(makeRequest(`/api/tickets${query}`, { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    expect(ticketIndexes(plans).length).toBeGreaterThan(0);
    for (const p of plans) expect(p.text).not.toMatch(/\bOFFSET\b/i);
    const byChange = /view=(recently-updated|closed)/.test(query);
    const workQueue = /view=(unassigned|my-open|my-groups|all-open|sla-risk)/.test(query);
    for (const p of plans)
      expect(p.text).toMatch(
        byChange
          ? /ORDER BY "updatedAt" DESC, "id" DESC LIMIT/
          : workQueue
            ? /ORDER BY COALESCE\(LEAST\(.*\), 'infinity'::timestamp\(3\)\) ASC, "Ticket"\."priority" ASC, "Ticket"\."createdAt" ASC, "Ticket"\."id" ASC LIMIT/
            : /ORDER BY "createdAt" DESC, "id" DESC LIMIT/,
      );
  });

  // The tickets behind a report's SLA figure (its drill-down): all tickets, whose targets of that
  // kind or policy ended so and started in the range, newest first. The list walks its own order
  // and tests each ticket's targets by their key, or reads the range's targets by their date.
  it.each(["slaOutcome=breached", "slaOutcome=met&slaTarget=first_response", "slaOutcome=breached&slaPolicy=default"])(
    "GET /api/tickets?in=all&%s over a year reads indexes only",
    async (filter) => {
      const headers = await session(org, "agent");
      const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
      const path = `/api/tickets?in=all&${filter}&slaFrom=${day(364)}&slaTo=${day(0)}`;
      const plans = await explainAll(() => list(makeRequest(path, { headers }), params()));
      expect(sequentialScans(plans)).toEqual([]);
      expect(ticketIndexes(plans).length).toBeGreaterThan(0);
      // A small organisation's few targets may be read as a bitmap, whose index is named by the
      // bitmap's own child; either way only the key or the report's index is read.
      const nodes = plans.flatMap((p) => p.nodes);
      const targets = nodes.filter((n) => n["Relation Name"] === "TicketSlaTarget");
      expect(targets.length).toBeGreaterThan(0);
      for (const n of targets) expect(["Index Scan", "Index Only Scan", "Bitmap Heap Scan"]).toContain(n["Node Type"]);
      const targetIndexes = nodes.map((n) => n["Index Name"]).filter((name) => name?.startsWith("TicketSlaTarget_"));
      expect(targetIndexes.length).toBeGreaterThan(0);
      for (const name of targetIndexes) expect(name).toMatch(/^TicketSlaTarget_(pkey|report_idx)$/);
    },
  );

  // A custom field's value (one ticket in a hundred) is read through its TicketFieldValue rows,
  // as a tag is: in the two time orders the page comes in order from the value's own index with no
  // sort and stops when full; in the others only the value's tickets are read.
  it.each([
    ["?field.order_number=A-48", "TicketFieldValue_organizationId_key_value_ticketCreatedAt_t_idx"],
    ["?field.order_number=A-48&sort=activity", "TicketFieldValue_organizationId_key_value_ticketUpdatedAt_t_idx"],
    ["?field.order_number=A-48&field.plan=Basic", "TicketFieldValue_organizationId_key_value_ticketCreatedAt_t_idx"],
    ["?field.order_number=A-48&tag=common%204", "TicketFieldValue_organizationId_key_value_ticketCreatedAt_t_idx"],
    ["?field.order_number=A-48&status=open", "TicketFieldValue_organizationId_key_value_ticketCreatedAt_t_idx"],
    ["?view=all-open&field.order_number=A-48", null],
  ])("GET /api/tickets%s reads the value's rows", async (query, inOrder) => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => list(makeRequest(`/api/tickets${query}`, { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    const nodes = plans.flatMap((p) => p.nodes);
    expect(nodes.some((n) => n["Index Name"]?.startsWith("TicketFieldValue_"))).toBe(true);
    if (inOrder) {
      expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
      expect(nodes.map((n) => n["Index Name"])).toContain(inOrder);
    }
    const res = await list(makeRequest(`/api/tickets${query}`, { headers }), params());
    const tickets = (await res.json()) as { customFields: { order_number?: string } }[];
    expect(tickets.length).toBeGreaterThan(0);
    for (const t of tickets) expect(t.customFields.order_number).toBe("A-48");
  });

  // A sort by a custom field reads the field's rows in order from their index, lowest or highest
  // first, a batch at a time (field-value-batches.ts), and a later page starts at its cursor's row
  // in that index. The statements are prepared, so the plan that counts is the generic one, made
  // without the organisation's values (for one of average size): under it too, in the largest
  // organisation as in a small one, and with the open view's status test dropping most valued
  // tickets (more batches), each batch is the ordered scan of the field's index with no sort of
  // the field's rows, reading no more rows than its batch holds. Run on a database by hand:
  //   SET plan_cache_mode = force_generic_plan;
  //   PREPARE s AS <the statement>;
  //   EXPLAIN (ANALYZE, BUFFERS) EXECUTE s(<its values>);
  it.each(
    ["field.order_number", "-field.order_number", "field.plan", "-field.plan"].flatMap((sort) => [
      `?sort=${sort}&limit=20`,
      `?view=all-open&sort=${sort}&limit=20`,
    ]),
  )(
    "GET /api/tickets%s reads the field's index in order under the generic plan, a second page from its cursor",
    async (query) => {
      const headers = await session(org, "agent");
      const first = await list(makeRequest(`/api/tickets${query}`, { headers }), params());
      const cursor = first.headers.get("x-next-cursor");
      expect(cursor).toBeTruthy();
      for (const page of [query, `${query}&cursor=${cursor}`]) {
        const plans = await explainGeneric(() => list(makeRequest(`/api/tickets${page}`, { headers }), params()));
        expect(plans.length).toBeGreaterThan(0);
        for (const { text, nodes, batch } of plans) {
          // The list's statements; the one that finds where a batch ends steps over it by OFFSET.
          if (text.includes('FROM "Ticket"')) expect(text).not.toMatch(/\bOFFSET\b/i);
          // A batch's tickets are read by their ids.
          expect(
            nodes.filter((n) => n["Relation Name"] === "Ticket").map((n) => n["Index Name"] ?? n["Node Type"]),
          ).toEqual(text.includes('FROM "Ticket"') ? ["Ticket_pkey"] : []);
          expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
          const scans = nodes.filter((n) => n["Relation Name"] === "TicketFieldValue");
          expect(scans).toHaveLength(1);
          expect(scans[0]).toMatchObject({
            "Node Type": expect.stringMatching(/^Index (Only )?Scan$/),
            "Index Name": "TicketFieldValue_organizationId_key_value_ticketCreatedAt_t_idx",
            "Scan Direction": query.includes("=-field.") ? "Backward" : "Forward",
          });
          expect(scans[0]!["Actual Rows"]).toBeLessThanOrEqual(batch);
          if (page.includes("cursor"))
            expect(scans[0]!["Index Cond"]).toMatch(/ROW\(value, "ticketCreatedAt", "ticketId"\) [<>] ROW\(/);
        }
      }
    },
  );

  // PostgreSQL keeps the generic plan only if it costs no more than the plans made with the
  // values: else it would plan every page afresh, which is what preparing the statement saves.
  it("keeps one plan for a field's order instead of planning each page afresh", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() =>
      list(makeRequest("/api/tickets?view=all-open&sort=-field.order_number&limit=20", { headers }), params()),
    );
    const [batch] = plans.filter((p) => p.text.includes('AS "fieldRows"'));
    expect(await genericPlansKept(batch!)).toBeGreaterThan(0);
  });

  it.each(["?view=recently-updated", "?view=closed", "?sort=activity"])(
    "GET /api/tickets%s takes the page in order of last change from an index (no sort)",
    async (query) => {
      const headers = await session(org, "agent");
      const plans = await explainAll(() => list(makeRequest(`/api/tickets${query}`, { headers }), params()));
      const nodes = plans.flatMap((p) => p.nodes);
      expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
      expect(ticketIndexes(plans)).toEqual(
        expect.arrayContaining([
          query.includes("closed")
            ? "Ticket_done_organizationId_updatedAt_idx"
            : "Ticket_organizationId_updatedAt_id_idx",
        ]),
      );
    },
  );

  it.each(["attention", "activity", "created", "priority", "sla"])(
    "sorts the open queue by %s and pages it without a scan",
    async (sort) => {
      const headers = await session(org, "agent");
      const first = await list(makeRequest(`/api/tickets?view=all-open&sort=${sort}`, { headers }), params());
      const cursor = first.headers.get("x-next-cursor");
      expect(cursor).toBeTruthy();
      const plans = await explainAll(() =>
        list(makeRequest(`/api/tickets?view=all-open&sort=${sort}&cursor=${cursor}`, { headers }), params()),
      );
      expect(sequentialScans(plans)).toEqual([]);
      for (const p of plans) expect(p.text).not.toMatch(/\bOFFSET\b/i);
    },
  );

  it.each(["", "?view=unassigned", "?view=my-open", "?view=all-open"])(
    "GET /api/tickets%s takes the page in index order (no sort of the queue)",
    async (query) => {
      const headers = await session(org, "agent");
      const plans = await explainAll(() => list(makeRequest(`/api/tickets${query}`, { headers }), params()));
      expect(plans.flatMap((p) => p.nodes).filter((n) => n["Node Type"] === "Sort")).toEqual([]);
    },
  );

  // What needs attention first, the work queues' default: each queue's first and later pages are
  // read in order from its attention index, starting at the cursor, never sorting the queue.
  it.each([
    ["unassigned", "Ticket_unassigned_attention_idx"],
    ["my-open", "Ticket_open_assignee_attention_idx"],
    ["all-open", "Ticket_open_attention_idx"],
    ["sla-risk", "Ticket_open_attention_idx"],
  ])("reads %s in attention order from %s, first and later pages", async (view, index) => {
    const headers = await session(org, "agent");
    const first = await list(makeRequest(`/api/tickets?view=${view}&limit=10`, { headers }), params());
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    for (const query of [`?view=${view}`, `?view=${view}&limit=10&cursor=${cursor}`]) {
      const plans = await explainAll(() => list(makeRequest(`/api/tickets${query}`, { headers }), params()));
      const nodes = plans.flatMap((p) => p.nodes);
      expect(sequentialScans(plans)).toEqual([]);
      expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
      const scan = nodes.find((n) => n["Index Name"] === index);
      expect(scan).toBeDefined();
      if (query.includes("cursor")) expect(scan?.["Index Cond"]).toMatch(/ROW\(/);
    }
  });

  // A group's open queue is read like the others, from the open grouped tickets' own attention
  // index; My Groups reads each of the agent's groups from it (merging them sorts, bounded by
  // the open tickets of those groups).
  it("reads one group's open queue in attention order from its index, first and later pages", async () => {
    const headers = await session(org, "agent");
    const group = `perf-group-${org.replace("perf-org-", "")}-0`;
    const first = await list(makeRequest(`/api/tickets?view=all-open&group=${group}&limit=3`, { headers }), params());
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    for (const query of [`?view=all-open&group=${group}`, `?view=all-open&group=${group}&limit=3&cursor=${cursor}`]) {
      const plans = await explainAll(() => list(makeRequest(`/api/tickets${query}`, { headers }), params()));
      const nodes = plans.flatMap((p) => p.nodes);
      expect(sequentialScans(plans)).toEqual([]);
      expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
      expect(ticketIndexes(plans)).toContain("Ticket_open_group_attention_idx");
    }
  });

  it("reads My Groups from the open grouped tickets' index", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => list(makeRequest(`/api/tickets?view=my-groups`, { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    expect(ticketIndexes(plans)).toContain("Ticket_open_group_attention_idx");
  });

  // A rare term (one ticket) and a common one (a quarter of the tenant): the rare one is looked
  // up in the tenant's token keys (a whole token of it) or search index; the common one either
  // walks the list's order index until the page is full or reads the same search index, never all
  // tenants' matches.
  it.each([
    ["a rare term with a whole token", "case%2012345%20from", "Ticket_search_keys_idx"],
    ["a rare word", "12345", "Ticket_search_trgm_idx"],
    ["a common term", "printer", null],
  ])("searches for %s through the tenant's indexes or the list's order", async (_label, q, index) => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => list(makeRequest(`/api/tickets?q=${q}`, { headers }), params()));
    const used = ticketIndexes(plans);
    expect(sequentialScans(plans)).toEqual([]);
    expect(used.filter((name) => name?.endsWith("_trgm_idx") && name !== "Ticket_search_trgm_idx")).toEqual([]);
    if (index) expect(used).toContain(index);
    else
      expect(used.includes("Ticket_search_trgm_idx") || used.includes("Ticket_organizationId_createdAt_id_idx")).toBe(
        true,
      );
  });

  // The list's statement is prepared once per connection and keeps a plan made without the term's
  // values: that plan too must take a rare token's tickets from the token's keys, not walk the tenant.
  it("searches for a rare whole token through its keys in the plan a prepared statement keeps", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(
      () => list(makeRequest("/api/tickets?q=case%2012345%20from", { headers }), params()),
      { generic: true },
    );
    const search = plans.filter((p) => p.text.includes("ticket_search_keys"));
    expect(search).toHaveLength(1);
    expect(sequentialScans(search)).toEqual([]);
    expect(ticketIndexes(search)).toEqual(["Ticket_search_keys_idx"]);
    expect(search[0]!.nodes.map((n) => n["Node Type"])).toContain("Tid Scan");
  });

  // PostgreSQL keeps that plan only if it costs no more than the plans made with the values; were
  // the term's keys folded into a constant, it would plan every search afresh.
  it("keeps one plan for rare whole tokens' searches instead of planning each afresh", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() =>
      list(makeRequest("/api/tickets?q=case%2012345%20from", { headers }), params()),
    );
    const [search] = plans.filter((p) => p.text.includes("ticket_search_keys"));
    expect(await genericPlansKept(search!)).toBeGreaterThan(0);
  });

  // Two letters ("zq") or a two-digit number hold no trigram: the search index would read every
  // organisation's entries to find none (7 s at a million tickets). The tenant's tickets are
  // walked in the list's order instead.
  it.each(["zq", "%2342"])("searches for %s without the search index", async (q) => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => list(makeRequest(`/api/tickets?q=${q}`, { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    expect(ticketIndexes(plans).filter((name) => name?.endsWith("_trgm_idx"))).toEqual([]);
    expect(sent.some((query) => /"searchText" LIKE/.test(query.text))).toBe(false);
  });

  // An order number typed into the search box is found in the custom field's value (in the search
  // text) through the search indexes like any rare term, not by walking the tenant's tickets; a
  // customer's search, which tests only the fields shown to them, reads only their own tickets.
  it("finds a ticket by a custom field's value through the search index", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => list(makeRequest("/api/tickets?q=ORD-100501", { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    const used = ticketIndexes(plans);
    if (org === BIG.org)
      expect(used.filter((name) => name === "Ticket_search_trgm_idx" || name === "Ticket_search_keys_idx")).not.toEqual(
        [],
      );
    const tickets = (await plans[0]!.res.json()) as { customFields: { order_number?: string } }[];
    expect(tickets.map((t) => t.customFields.order_number)).toEqual(["ORD-100501"]);
    const customer = await explainAll(async () =>
      list(makeRequest("/api/tickets?q=ORD-100501", { headers: await session(org, "end_user") }), params()),
    );
    expect(sequentialScans(customer)).toEqual([]);
    expect(await customer[0]!.res.json()).toEqual([]);
  });

  // A tag filter is held to what a status filter costs: in every sort order, a common tag (a
  // twentieth of the tickets) and a rare one (one in a thousand) are read through the tag's
  // TicketTag rows, never the tenant; in the two time orders the page comes in order from the
  // tag's own index, with no sort. The page's tag names come from memory or Tag's primary key.
  it.each(
    ["attention", "activity", "created", "priority", "sla"].flatMap((sort) => [
      [sort, "common%203"],
      [sort, "RARE"],
    ]),
  )("filters by tag in the %s order (tag=%s) through the tag's index", async (sort, tag) => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() =>
      list(makeRequest(`/api/tickets?tag=${tag}&sort=${sort}`, { headers }), params()),
    );
    expect(sequentialScans(plans)).toEqual([]);
    expect(plans.map((p) => p.text).join("\n")).toMatch(/JOIN "TicketTag" ON .* "TicketTag"\."tagId" = \$\d+/);
    for (const p of plans) expect(p.text).not.toMatch(/\bOFFSET\b/i);
    const nodes = plans.flatMap((p) => p.nodes);
    expect(nodes.some((n) => n["Index Name"]?.startsWith("TicketTag_"))).toBe(true);
    if (sort === "activity" || sort === "created") {
      expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
      expect(nodes.map((n) => n["Index Name"])).toContain(
        sort === "activity"
          ? "TicketTag_tagId_ticketUpdatedAt_ticketId_idx"
          : "TicketTag_tagId_ticketCreatedAt_ticketId_idx",
      );
    }
  });

  it("reads a tag's second page from its keyset cursor in the tag's index", async () => {
    const headers = await session(org, "agent");
    const first = await list(makeRequest("/api/tickets?tag=common%203&sort=activity&limit=10", { headers }), params());
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const plans = await explainAll(() =>
      list(makeRequest(`/api/tickets?tag=common%203&sort=activity&limit=10&cursor=${cursor}`, { headers }), params()),
    );
    expect(plans.map((p) => p.text).join("\n")).toMatch(
      /"ticketUpdatedAt" <= \$\d+ AND \("ticketUpdatedAt" < \$\d+ OR "ticketId" < \$\d+\)/,
    );
    const nodes = plans.flatMap((p) => p.nodes);
    expect(nodes.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort")).toEqual([]);
    const scan = nodes.find((n) => n["Index Name"] === "TicketTag_tagId_ticketUpdatedAt_ticketId_idx");
    expect(scan?.["Index Cond"]).toMatch(/ticketUpdatedAt/);
  });

  it("reads the second page newest first by its keyset cursor", async () => {
    const headers = await session(org, "agent");
    const first = await list(makeRequest("/api/tickets?view=all-open&sort=created", { headers }), params());
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const plans = await explainAll(() =>
      list(makeRequest(`/api/tickets?view=all-open&sort=created&cursor=${cursor}`, { headers }), params()),
    );
    expect(sequentialScans(plans)).toEqual([]);
    expect(plans.map((p) => p.text).join("\n")).toMatch(
      /"createdAt" <= \$\d+ AND \("createdAt" < \$\d+ OR "id" < \$\d+\)/,
    );
    expect(plans.map((p) => p.text).join("\n")).not.toMatch(/\bOFFSET\b/i);
  });

  it.each(["agent", "end_user"] as const)("counts the six queues from indexes (%s)", async (role) => {
    const headers = await session(org, role);
    const plans = await explainAll(() => counts(makeRequest("/api/tickets/counts", { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    expect(ticketIndexes(plans).length).toBeGreaterThanOrEqual(role === "agent" ? 3 : 6);
  });

  // A saved view's count is held to the queue counts' cost: all of an agent's views in one
  // statement, each the list's own conditions read through an index and stopped past the cap.
  it("counts an agent's saved views in one statement from indexes", async () => {
    const ownerId = `perf-agent-${org.replace("perf-org-", "")}`;
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const filters = [
      { view: "all-open", priority: "urgent" },
      { tag: "common 3" },
      { sla: "breached" },
      { sla: "at_risk" },
      { view: "all-open", assignee: "none" },
      { assignee: ownerId },
      { status: "pending", priority: "high" },
      { updatedFrom: recent },
      { view: "all-open", q: "invoice" },
      {},
    ];
    await db.savedView.deleteMany({ where: { ownerId } });
    await db.savedView.createMany({
      data: filters.map((f, position) => ({
        organizationId: org,
        ownerId,
        name: `Perf ${position}`,
        filters: f,
        position,
      })),
    });
    const headers = await session(org, "agent");
    const plans = await explainAll(() => views(makeRequest("/api/views", { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    // Beside the queue counts they are kept with (read here because this process had none).
    const counted = plans.filter((p) => / AS v\)/.test(p.text));
    expect(counted).toHaveLength(1);
    expect(counted[0]!.text.match(/LIMIT \$\d+\) AS v/g)).toHaveLength(filters.length);
    // When the SLA views' counts next move: the first due time ahead in the attention index.
    expect(ticketIndexes(counted)).toContain("Ticket_open_attention_idx");
  });

  // The reports read a year of the organisation from the ticket's own columns by index: created,
  // solved and reopened ranges, the SLA targets and ratings by their dates, never a reply.
  it("reads a year's report summary and its tickets' CSV by index, no reply read", async () => {
    const headers = await session(org, "org_admin");
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(364)}&to=${day(0)}`;
    const plans = await explainAll(() => summary(makeRequest(`/api/reports/summary?${range}`, { headers }), params()));
    expect(sequentialScans(plans)).toEqual([]);
    const nodes = plans.flatMap((p) => p.nodes);
    expect(nodes.filter((n) => n["Relation Name"] === "Reply")).toEqual([]);
    expect(ticketIndexes(plans)).toEqual(
      expect.arrayContaining(["Ticket_organizationId_createdAt_id_idx", "Ticket_report_solved_idx"]),
    );
    // The file is read to its end: its pages are read only as the client takes them.
    const csv = await explainAll(async () => {
      const res = await ticketsCsv(makeRequest(`/api/reports/tickets.csv?${range}`, { headers }), params());
      await res.clone().text();
      return res;
    });
    expect(sequentialScans(csv)).toEqual([]);
    expect(csv.flatMap((p) => p.nodes).filter((n) => n["Relation Name"] === "Reply")).toEqual([]);
    // A small organisation's few hundred tickets may be read whole and sorted.
    if (org === BIG.org) expect(ticketIndexes(csv)).toContain("Ticket_organizationId_createdAt_id_idx");
  });

  // The summary's next responses, SLA cuts and rating comments: ranges of their own dated rows,
  // their tickets read by key only to filter them, never a reply.
  it("reads a year's next responses, SLA cuts and rating comments by index, no reply read", async () => {
    const headers = await session(org, "org_admin");
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    // The year to yesterday: the test before read the year to today, kept since (no ticket changed).
    for (const range of [`from=${day(365)}&to=${day(1)}`, `from=${day(365)}&to=${day(1)}&priority=urgent`]) {
      const plans = await explainAll(
        () => summary(makeRequest(`/api/reports/summary?${range}`, { headers }), params()),
        { tables: /FROM "(TicketNextResponse|TicketSlaTarget|SatisfactionRating)"/ },
      );
      // For the range and the period before: the figures' statement (next responses beside the
      // rest), the SLA cuts and the comments.
      expect(plans).toHaveLength(6);
      const nodes = plans.flatMap((p) => p.nodes);
      expect(sequentialScans(plans)).toEqual([]);
      expect(nodes.filter((n) => n["Relation Name"] === "Reply")).toEqual([]);
    }
    // Here the largest organisation holds two in five of all next responses, and a year is all of
    // them: a narrow table read whole may be cheaper. A month is a range of the answers' index.
    const month = `from=${day(29)}&to=${day(0)}`;
    const plans = await explainAll(() => summary(makeRequest(`/api/reports/summary?${month}`, { headers }), params()), {
      tables: /FROM "TicketNextResponse"/,
    });
    const nodes = plans.flatMap((p) => p.nodes);
    expect(nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"])).toEqual([]);
    expect(nodes.map((n) => n["Index Name"])).toContain("TicketNextResponse_report_idx");
  });

  // The reports page's series, breakdowns and heat map: one statement each, by the same indexes.
  it("reads a year's report series, breakdowns and heat map by index, no reply read", async () => {
    const headers = await session(org, "org_admin");
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(364)}&to=${day(0)}`;
    const calls: [typeof series, string][] = [
      [series, `/api/reports/series?${range}&interval=week`],
      [series, `/api/reports/series?${range}&interval=day`],
      [heatmap, `/api/reports/heatmap?${range}`],
      ...REPORT_DIMENSIONS.map((by): [typeof series, string] => [
        breakdown,
        `/api/reports/breakdown?${range}&by=${by}`,
      ]),
    ];
    for (const [handler, path] of calls) {
      const plans = await explainAll(() => handler(makeRequest(path, { headers }), params()));
      expect({ path, statements: plans.length }).toEqual({ path, statements: 1 });
      expect({ path, scans: sequentialScans(plans) }).toEqual({ path, scans: [] });
      expect(plans.flatMap((p) => p.nodes).filter((n) => n["Relation Name"] === "Reply")).toEqual([]);
    }
  });

  it("loads a ticket and its replies by index", async () => {
    const headers = await session(org, "agent");
    const earlierThanNow = Buffer.from(`${new Date().toISOString()}|~`).toString("base64url");
    const ticket = await db.ticket.findFirstOrThrow({
      where: { organizationId: org },
      orderBy: { ticketNumber: "asc" },
      select: { id: true },
    });
    const plans = [
      ...(await explainAll(() =>
        detail(makeRequest(`/api/tickets/detail/${ticket.id}`, { headers }), params({ id: ticket.id })),
      )),
      ...(await explainAll(() =>
        replies(makeRequest(`/api/replies/${ticket.id}`, { headers }), params({ ticketId: ticket.id })),
      )),
      // An earlier page starts at its cursor in the same index.
      ...(await explainAll(() =>
        replies(
          makeRequest(`/api/replies/${ticket.id}?cursor=${earlierThanNow}`, { headers }),
          params({ ticketId: ticket.id }),
        ),
      )),
    ];
    expect(sequentialScans(plans)).toEqual([]);
    expect(plans.flatMap((p) => p.nodes).some((n) => n["Index Name"]?.startsWith("Reply_"))).toBe(true);
  });
  it("loads the customer panel of a ticket from the customer's index range", async () => {
    const headers = await session(org, "agent");
    // c42 has one ticket in 500 of the organisation's: the panel must not read the rest.
    const ticket = await c42Ticket(org);
    const plans = await explainAll(() =>
      customer(makeRequest(`/api/tickets/${ticket.id}/customer`, { headers }), params({ id: ticket.id })),
    );
    expect(sequentialScans(plans)).toEqual([]);
    expect(ticketIndexes(plans)).toContain("Ticket_organizationId_customerEmail_updatedAt_idx");
    expect(plans.flatMap((p) => p.nodes).filter((n) => n["Node Type"] === "Sort")).toEqual([]);
  });

  // The public API's customers are the addresses on tickets: each page walks them one index step
  // per address and reads each one's tickets from its range, never the organisation's tickets.
  it("pages the public API's customers one address at a time through the customer index", async () => {
    const { plan } = await db.organization.findUniqueOrThrow({ where: { id: org }, select: { plan: true } });
    const token = await apiTokenOf(org, ["customers:read"]);
    try {
      for (const query of ["?limit=50", `?limit=50&cursor=${Buffer.from("c42@perf.test").toString("base64url")}`]) {
        const plans = await explainAll(() =>
          apiCustomers(makeRequest(`/api/v1/customers${query}`, { headers: token.headers }), params()),
        );
        expect(sequentialScans(plans)).toEqual([]);
        expect(new Set(ticketIndexes(plans))).toEqual(new Set(["Ticket_organizationId_customerEmail_updatedAt_idx"]));
      }
    } finally {
      await db.organization.update({ where: { id: org }, data: { plan } });
    }
  });

  it("opens the ticket pane with one statement that reads every part by index", async () => {
    const headers = await session(org, "agent");
    const ticket = await c42Ticket(org);
    const plans = await explainAll(() =>
      pane(makeRequest(`/api/tickets/${ticket.id}/pane`, { headers }), params({ id: ticket.id })),
    );
    // One statement for the pane; beside it, its SLA section's few reads of the ticket's clock.
    const statements = plans.filter((p) => p.text.includes("'replies'"));
    expect(statements).toHaveLength(1);
    expect(ticketIndexes(statements)).toContain("Ticket_organizationId_customerEmail_updatedAt_idx");
    expect(statements[0]!.nodes.some((n) => n["Index Name"]?.startsWith("Reply_"))).toBe(true);
    expect(plans.length).toBeLessThanOrEqual(3);
    expect(sequentialScans(plans)).toEqual([]);
  });

  // The time rules' sweep finds the tickets a rule could match through the clocks' indexes of
  // the statuses it looks at: never the tenant's closed tickets, nor another tenant's. With the
  // issue's three examples at once, and with "pending for more than 5 days" alone (its pending
  // tickets' range of the status clock).
  it.each([
    ["the three examples", ["pending", "unassigned", "no-reply"], null],
    ["pending for more than 5 days", ["pending"], "Ticket_time_status_changed_idx"],
  ])("finds the time rules' candidate tickets by index (%s)", async (_label, names, index) => {
    const hours = (field: ConditionField, value: number): Condition => ({
      field,
      operator: "hours_since_greater_than",
      value,
    });
    const examples: Record<string, Condition[]> = {
      pending: [{ field: "status", operator: "is", value: "pending" }, hours("status_changed_at", 120)],
      unassigned: [{ field: "assignee", operator: "is", value: null }, hours("assignee_changed_at", 2)],
      "no-reply": [hours("last_agent_reply_at", 24)],
    };
    const rules = names.map((id): ActiveRule => ({
      id,
      name: id,
      conditions: { all: examples[id]!, any: [] },
      actions: [],
    }));
    const query = candidatesQuery(org, rules, new Date(), "");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const explain = originalQuery as (this: pg.Client, text: string, values: unknown[]) => Promise<pg.QueryResult>;
      const { rows } = await explain.call(client, `EXPLAIN (FORMAT JSON) ${query.text}`, query.values);
      const plans = [{ nodes: scans((rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan) }];
      expect(sequentialScans(plans)).toEqual([]);
      const used = ticketIndexes(plans);
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((name) => !name?.startsWith("Ticket_time_"))).toEqual([]);
      if (index) expect(used).toContain(index);
    } finally {
      await client.end();
    }
  });

  // The organisation's own search index: an index of every tenant's addresses would hand back
  // every tenant's tickets with a common piece of a name.
  it("finds customers for the new-ticket picker through the organisation's search index", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() =>
      customerSearch(makeRequest("/api/customers?q=customer%2049", { headers }), params()),
    );
    expect(sequentialScans(plans)).toEqual([]);
    expect(ticketIndexes(plans).filter((name) => name?.endsWith("_trgm_idx"))).toEqual(["Ticket_search_trgm_idx"]);
  });

  // Two letters hold no trigram: the trigram indexes would hand back every organisation's tickets
  // to test (4 s at a million tickets). The search reads the tickets as the planner prices them.
  it("finds customers by two letters without the trigram indexes", async () => {
    const headers = await session(org, "agent");
    const plans = await explainAll(() => customerSearch(makeRequest("/api/customers?q=zq", { headers }), params()));
    expect(plans).toHaveLength(1);
    expect(ticketIndexes(plans).filter((name) => name?.endsWith("_trgm_idx"))).toEqual([]);
    // Whatever this small database's planner would choose: no pattern it could take to them.
    expect(sent.filter((q) => q.text.includes(`"customerEmail"`)).map((q) => /\bI?LIKE\b/.test(q.text))).toEqual([
      false,
    ]);
  });
});

it.each(["zqxj", "member1234"])("searches %s among 30,000 members through the trigram indexes", async (q) => {
  const headers = await session(BIG.org, "org_admin");
  const plans = await explainAll(() => users(makeRequest(`/api/users?q=${q}`, { headers }), params()), {
    tables: /FROM "(public"\.")?User"/,
  });
  const nodes = plans.flatMap((p) => p.nodes);
  expect(nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"])).toEqual([]);
  expect(new Set(nodes.map((n) => n["Index Name"]).filter((name) => name?.endsWith("_trgm_idx")))).toEqual(
    new Set(["User_fullName_trgm_idx", "User_email_trgm_idx"]),
  );
});

// Balanced assignment counts each available member's open tickets while the group is locked:
// from an index of tickets by assignee and status, however many tickets the team has closed.
it("counts the members' open tickets for balanced assignment from the assignee index", async () => {
  const group = "perf-group-0-2";
  await db.group.update({ where: { id: group }, data: { assignment: "balanced" } });
  await db.groupMember.createMany({
    data: ["perf-agent-0", "perf-org_admin-0"].map((userId) => ({ groupId: group, userId })),
  });
  const ticket = await db.ticket.findFirstOrThrow({
    where: { organizationId: BIG.org, assignedToId: null, status: "open", groupId: null },
    select: { id: true },
  });
  const headers = await session(BIG.org, "agent");
  const plans = await explainAll(() =>
    update(
      makeRequest(`/api/tickets/${ticket.id}`, { method: "PUT", body: { groupId: group }, headers }),
      params({ id: ticket.id }),
    ),
  );
  expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).assignedToId).toBe("perf-org_admin-0");
  const counting = plans.filter((p) => /count\(\*\)/.test(p.text) && p.text.includes('"GroupMember"'));
  expect(counting).toHaveLength(1);
  expect(sequentialScans(counting)).toEqual([]);
  expect(ticketIndexes(counting)).toEqual([expect.stringMatching(/^Ticket_(open_)?organizationId_assignedToId_/)]);
});

// A change of priority works the ticket's SLA out again from its history: its clock stops and its
// public messages, each read through the ticket's own index entries, however many the tenant has.
it("reads a ticket's clock stops and messages by index when its SLA is worked out again", async () => {
  const ticket = await db.ticket.findFirstOrThrow({
    where: { organizationId: BIG.org, status: "open", priority: { not: "urgent" } },
    select: { id: true },
  });
  const headers = await session(BIG.org, "agent");
  const plans = await explainAll(
    () =>
      update(
        makeRequest(`/api/tickets/${ticket.id}`, { method: "PUT", body: { priority: "urgent" }, headers }),
        params({ id: ticket.id }),
      ),
    { tables: /FROM "(TicketSlaPause|Reply)"/ },
  );
  expect(plans.map((p) => p.text).join("\n")).toMatch(/FROM "TicketSlaPause"/);
  const nodes = plans.flatMap((p) => p.nodes);
  expect(nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"])).toEqual([]);
  expect(nodes.map((n) => n["Index Name"])).toEqual(
    expect.arrayContaining(["TicketSlaPause_pkey", expect.stringMatching(/^Reply_/)]),
  );
});

it("seeded at least 50,000 tickets", async () => {
  expect(await db.ticket.count()).toBeGreaterThanOrEqual(50_000);
});

// The help center's search reads the organisation's full-text index (its expression repeated
// exactly), and a misspelling the organisation's trigram index on titles, among 10,000 articles.
describe("help center search among 10,000 articles", () => {
  beforeAll(async () => {
    await db.$executeRaw`
      INSERT INTO "KbArticle" ("id", "organizationId", "title", "slug", "summary", "body", "bodyHtml", "bodyHtmlVersion",
        "status", "publishedAt", "updatedAt")
      SELECT 'perf-kb-' || o || '-' || k, 'perf-org-' || o,
        initcap((ARRAY['reset', 'download', 'change', 'export'])[1 + k % 4]) || ' your ' ||
          (ARRAY['invoice', 'password', 'refund', 'webhook', 'timezone', 'mailbox', 'report', 'queue'])[1 + (k / 4) % 8] || ' ' || k,
        'perf-article-' || k, 'How it works.', 'Open Settings and follow the steps for case ' || k || '.', '<p>x</p>', 1,
        (CASE WHEN k % 20 = 0 THEN 'draft' ELSE 'published' END)::"KbArticleStatus", now(), now()
      FROM generate_series(0, 3) AS o CROSS JOIN LATERAL generate_series(1, CASE WHEN o = 0 THEN 10000 ELSE 500 END) AS k`;
    await db.$executeRaw`VACUUM (ANALYZE) "KbArticle"`;
  }, 120_000);

  const suggestPlans = (q: string) =>
    explainAll(
      () =>
        suggest(
          makeRequest(`/api/help/perf-0/suggest?q=${encodeURIComponent(q)}`, {
            headers: { "x-forwarded-for": "10.99.0.1" },
          }),
          params({ org: "perf-0" }),
        ),
      { tables: /FROM "KbArticle"/ },
    );
  const kbIndexes = (plans: { nodes: PlanNode[] }[]) =>
    plans
      .flatMap((p) => p.nodes)
      .filter((n) => n["Node Type"] === "Seq Scan" || n["Index Name"]?.startsWith("KbArticle_"))
      .map((n) => n["Index Name"] ?? `Seq Scan ${n["Relation Name"]}`);

  it.each(["password", "reset passw", "case 1234"])("finds %s through KbArticle_search_idx", async (q) => {
    const plans = await suggestPlans(q);
    expect(kbIndexes(plans)).toContain("KbArticle_search_idx");
    expect(kbIndexes(plans)).not.toContain("Seq Scan KbArticle");
  });

  it("finds a misspelt title through KbArticle_title_trgm_idx", async () => {
    const plans = await suggestPlans("pasword");
    expect(kbIndexes(plans)).toEqual(expect.arrayContaining(["KbArticle_search_idx", "KbArticle_title_trgm_idx"]));
    expect(kbIndexes(plans)).not.toContain("Seq Scan KbArticle");
  });
});
