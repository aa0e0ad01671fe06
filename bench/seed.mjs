// A large, realistic dataset for the benchmarks, loaded with set-based SQL:
//   npm run bench:seed -- --orgs 1000 --tickets 1000000 [--largest 100000]
// One organisation holds the largest share (default a tenth, 100k at 1M), the rest is spread
// evenly; 2-3 replies per ticket; statuses, priorities, assignees and dates over a year.
// It REPLACES every organisation in the database it is pointed at (DATABASE_URL, else an
// embedded one in .data/bench): use a database of its own. Logins: bench-password-1 for every account.
import pg from "pg";
import { hash } from "@node-rs/argon2";
import { applyMigrations } from "../scripts/lib/schema-engine.mjs";
import { BENCH_PASSWORD, benchEmails } from "./lib/accounts.mjs";
import { BENCH_TAGS } from "./lib/tags.mjs";
import { benchDatabase, databaseSettings } from "./lib/database.mjs";
import { progress } from "./lib/progress.mjs";

/**
 * @param {string} name
 * @param {number} fallback
 */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const SUBJECTS = [
  "Cannot log in to my account",
  "Password reset email never arrives",
  "Invoice shows the wrong amount",
  "Refund for a duplicate charge",
  "App crashes when I open settings",
  "Export to CSV fails",
  "How do I add a team member",
  "Two-factor code is not accepted",
  "Order has not shipped yet",
  "Change the billing address",
  "Webhook deliveries are failing",
  "Dashboard loads very slowly",
  "Cancel my subscription",
  "Upgrade to the annual plan",
  "Data import stuck at 99 percent",
  "Emails land in spam",
  "API returns error 500",
  "Wrong timezone in reports",
  "Delete my personal data",
  "Integration with Slack stopped working",
];
const AREAS = ["web app", "mobile app", "billing", "API", "reports", "account", "checkout", "notifications"];
const SENTENCES = [
  "This started happening after the latest update.",
  "I have tried a different browser and it still happens.",
  "Our whole team is blocked by this.",
  "Could you please look into it as soon as possible?",
  "Screenshots are attached below.",
  "It worked fine until yesterday.",
  "We are on the pro plan.",
  "The error message says something went wrong.",
  "I cleared the cache and signed in again.",
  "Please call me back if that is easier.",
];
const REPLIES = [
  "Thanks for reaching out, we are looking into this now.",
  "Could you send us the exact error message?",
  "We have shipped a fix, please try again.",
  "That worked, thank you!",
  "I still see the problem on my side.",
  "Escalated to the engineering team.",
  "Checked the logs: the job timed out, retrying it.",
];
const FIRST = [
  "Alex",
  "Sam",
  "Maria",
  "John",
  "Priya",
  "Chen",
  "Fatima",
  "Lukas",
  "Emma",
  "Noah",
  "Olivia",
  "Mateo",
  "Aisha",
  "Yuki",
  "Lena",
  "Omar",
];
const LAST = [
  "Smith",
  "Garcia",
  "Meyer",
  "Kim",
  "Patel",
  "Rossi",
  "Nguyen",
  "Silva",
  "Cohen",
  "Novak",
  "Jensen",
  "Okafor",
];
const DOMAINS = ["example.com", "mail.test", "corp.example", "shop.example"];

const HOUR = "interval '1 hour'";
const FIRST_RESPONSE = `(CASE s.priority WHEN 'urgent' THEN 1 WHEN 'high' THEN 4 WHEN 'medium' THEN 8 ELSE 24 END) * ${HOUR}`;
const RESOLUTION = `(CASE s.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 24 WHEN 'medium' THEN 48 ELSE 96 END) * ${HOUR}`;

/**
 * Tickets of the organisations idx in [$1, $2] and their replies, in one statement.
 * Layers: base randoms -> status/priority from the ticket's age -> clocks -> rows.
 */
const INSERT_CHUNK = `
WITH base AS (
  SELECT o.id AS org, o.agents, o.tags, k, o.n,
    $3::timestamp - interval '365 days' + (k - 1 + random()) * (interval '365 days' / o.n) AS c,
    random() AS r1, random() AS r2, random() AS r3, random() AS r4, floor(random() * 1e9)::int AS h
  FROM bench_orgs o CROSS JOIN LATERAL generate_series(1, o.n) AS k
  WHERE o.idx BETWEEN $1 AND $2
), shaped AS (
  SELECT b.*, $3::timestamp - b.c AS age,
    (CASE WHEN b.r2 < 0.05 THEN 'urgent' WHEN b.r2 < 0.25 THEN 'high' WHEN b.r2 < 0.75 THEN 'medium' ELSE 'low' END) AS priority,
    (CASE
      WHEN $3::timestamp - b.c > interval '14 days' THEN
        CASE WHEN b.r1 < 0.55 THEN 'closed' WHEN b.r1 < 0.95 THEN 'resolved' WHEN b.r1 < 0.98 THEN 'pending' ELSE 'open' END
      WHEN $3::timestamp - b.c > interval '1 day' THEN
        CASE WHEN b.r1 < 0.25 THEN 'closed' WHEN b.r1 < 0.6 THEN 'resolved' WHEN b.r1 < 0.7 THEN 'pending' WHEN b.r1 < 0.85 THEN 'in_progress' ELSE 'open' END
      ELSE
        CASE WHEN b.r1 < 0.15 THEN 'resolved' WHEN b.r1 < 0.3 THEN 'pending' WHEN b.r1 < 0.5 THEN 'in_progress' ELSE 'open' END
    END) AS status
  FROM base b
), clocks AS (
  SELECT s.*,
    s.c + ${FIRST_RESPONSE} AS fr_due, s.c + ${RESOLUTION} AS res_due,
    CASE WHEN s.status IN ('resolved', 'closed') OR s.r4 < 0.6 THEN LEAST($3::timestamp, s.c + s.r4 * ${FIRST_RESPONSE}) END AS responded,
    CASE WHEN s.status IN ('resolved', 'closed') THEN LEAST($3::timestamp, s.c + (0.2 + s.r4 * 3) * interval '1 day') END AS resolved,
    CASE WHEN s.status IN ('resolved', 'closed') OR s.r3 < 0.7 THEN s.agents[1 + s.h % cardinality(s.agents)] END AS assignee,
    ${FIRST_RESPONSE} AS fr_target, ${RESOLUTION} AS res_target
  FROM shaped s
), dated AS (
  SELECT x.*, CASE WHEN x.status = 'closed' THEN LEAST($3::timestamp, x.resolved + interval '1 day') END AS closed
  FROM clocks x
), tickets AS (
  INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "priority", "status", "category",
    "customerName", "customerEmail", "assignedToId", "firstResponseDueAt", "resolutionDueAt", "slaRiskAt",
    "firstRespondedAt", "resolvedAt", "closedAt", "customerRepliedLast", "createdAt", "updatedAt", "statusChangedAt", "tagIds", "customFields",
    "entrance", "agentReplies", "firstSolvedAt", "solvedAt", "reopenedAt", "reopenCount",
    "firstResponseMinutes", "firstResponseBusinessMinutes", "resolutionMinutes", "resolutionBusinessMinutes")
  SELECT uuidv7(x.c - $3::timestamp)::text, x.org, x.k,
    ($4::text[])[1 + x.h % cardinality($4::text[])] || ' (' || ($5::text[])[1 + (x.h / 7) % cardinality($5::text[])] || ')',
    ($6::text[])[1 + (x.h / 11) % cardinality($6::text[])] || ' ' || ($6::text[])[1 + (x.h / 13) % cardinality($6::text[])] || ' Reference ' || (x.h % 100000) || '.',
    x.priority::"TicketPriority", x.status::"TicketStatus",
    (ARRAY['account', 'billing', 'technical', 'other', NULL])[1 + (x.h / 17) % 5],
    ($7::text[])[1 + (x.h / 19) % cardinality($7::text[])] || ' ' || ($8::text[])[1 + (x.h / 23) % cardinality($8::text[])],
    lower(($7::text[])[1 + (x.h / 19) % cardinality($7::text[])] || '.' || ($8::text[])[1 + (x.h / 23) % cardinality($8::text[])] || (x.h % 997) || '@' || ($9::text[])[1 + (x.h / 29) % cardinality($9::text[])]),
    -- A ticket waiting on the customer keeps no due times: its clocks stand still (lib/sla/ticket-clock.ts).
    x.assignee, CASE WHEN x.status <> 'pending' THEN x.fr_due END, CASE WHEN x.status <> 'pending' THEN x.res_due END,
    CASE WHEN x.status = 'pending' THEN NULL
      WHEN x.responded IS NULL THEN LEAST(x.fr_due - x.fr_target * 0.25, x.res_due - x.res_target * 0.25) ELSE x.res_due - x.res_target * 0.25 END,
    x.responded, x.resolved, x.closed,
    true, -- the last public message is always the customer's (reply j = 2 below)
    x.c,
    -- Last changed, and its status then: when it was closed, resolved, answered or raised.
    GREATEST(x.c, COALESCE(x.closed, x.resolved, x.responded, x.c)),
    GREATEST(x.c, COALESCE(x.closed, x.resolved, x.responded, x.c)),
    -- Four in ten tickets carry one tag, one in ten two, the rest none: each tag is on ~5%.
    CASE WHEN (x.h / 31) % 10 < 4 THEN ARRAY[x.tags[1 + (x.h / 37) % cardinality(x.tags)]]
      WHEN (x.h / 31) % 10 = 4 THEN ARRAY[x.tags[1 + (x.h / 37) % cardinality(x.tags)],
        x.tags[1 + ((x.h / 37) + 1 + (x.h / 41) % (cardinality(x.tags) - 1)) % cardinality(x.tags)]]
      ELSE '{}'::text[] END,
    -- Custom fields (the list:field scenario): every ticket has an order number, each of the
    -- hundred numbers on ~1% of an organisation's tickets, and a plan.
    jsonb_build_object('order_number', 'B-' || (x.h / 47) % 100, 'plan', (ARRAY['Basic', 'Pro', 'Enterprise'])[1 + (x.h / 53) % 3]),
    -- The reports' measures, as the triggers keep them (migration report_measures): one public
    -- team reply when answered (reply j = 1 below), solved when resolved, one done ticket in
    -- twenty reopened once half-way and solved again, minutes from creation (these organisations
    -- have no business calendar: business minutes are calendar minutes).
    (ARRAY['email', 'email', 'portal', 'agent', 'api'])[1 + (x.h / 59) % 5],
    CASE WHEN x.responded IS NULL THEN 0 ELSE 1 END,
    CASE WHEN (x.h / 61) % 20 = 0 THEN x.c + (x.resolved - x.c) / 3 ELSE x.resolved END,
    x.resolved,
    CASE WHEN (x.h / 61) % 20 = 0 THEN x.c + (x.resolved - x.c) / 2 END,
    CASE WHEN x.resolved IS NOT NULL AND (x.h / 61) % 20 = 0 THEN 1 ELSE 0 END,
    round(extract(epoch FROM x.responded - x.c) / 60), round(extract(epoch FROM x.responded - x.c) / 60),
    round(extract(epoch FROM x.resolved - x.c) / 60), round(extract(epoch FROM x.resolved - x.c) / 60)
  FROM dated x
  RETURNING "id", "organizationId", "createdAt", "updatedAt", "firstRespondedAt", "customerEmail", "assignedToId", "ticketNumber"
)
INSERT INTO "Reply" ("id", "organizationId", "ticketId", "content", "type", "authorType", "authorEmail", "authorId", "createdAt")
SELECT uuidv7(t."createdAt" - $3::timestamp)::text, t."organizationId", t."id",
  ($10::text[])[1 + (t."ticketNumber" + j) % cardinality($10::text[])],
  (CASE WHEN j = 3 THEN 'internal' ELSE 'public' END)::"ReplyType",
  (CASE WHEN j = 2 OR t."firstRespondedAt" IS NULL THEN 'customer' ELSE 'agent' END)::"AuthorType",
  CASE WHEN j = 2 OR t."firstRespondedAt" IS NULL THEN t."customerEmail" ELSE 'agent@bench.test' END,
  CASE WHEN j = 2 OR t."firstRespondedAt" IS NULL THEN NULL ELSE t."assignedToId" END,
  t."createdAt" + (t."updatedAt" - t."createdAt") * j / 4.0
FROM tickets t CROSS JOIN LATERAL generate_series(1, 2 + t."ticketNumber" % 2) AS j`;

/**
 * What the reports count beside the tickets' own measures: each ticket's first response and
 * resolution targets, met or breached as its times say (running while neither is due), and a
 * rating on one solved ticket in three, one in five of them bad.
 */
const BENCH_SLA_TARGETS = `
  INSERT INTO "TicketSlaTarget" ("ticketId", "organizationId", "target", "minutes", "startedAt", "dueAt", "metAt", "breachedAt")
  SELECT t."id", t."organizationId", g.target, g.minutes, t."createdAt", g.due,
    CASE WHEN g.done <= g.due THEN g.done END,
    CASE WHEN COALESCE(g.done, $1::timestamp) > g.due THEN g.due END
  FROM "Ticket" t CROSS JOIN LATERAL (VALUES
    ('first_response', t."firstResponseDueAt", t."firstRespondedAt"),
    ('resolution', t."resolutionDueAt", t."solvedAt")) AS v(target, due, done)
  CROSS JOIN LATERAL (SELECT v.target, v.due, v.done,
    round(extract(epoch FROM v.due - t."createdAt") / 60)::int AS minutes) AS g
  WHERE g.due IS NOT NULL
  ON CONFLICT DO NOTHING`;
const BENCH_RATINGS = `
  INSERT INTO "SatisfactionRating" ("id", "organizationId", "ticketId", "score", "agentId", "ratedAt", "updatedAt")
  SELECT uuidv7()::text, t."organizationId", t."id",
    (CASE WHEN t."ticketNumber" % 15 = 0 THEN 'bad' ELSE 'good' END)::"SatisfactionScore",
    t."assignedToId", t."solvedAt" + interval '1 hour', t."solvedAt" + interval '1 hour'
  FROM "Ticket" t WHERE t."solvedAt" IS NOT NULL AND t."ticketNumber" % 3 = 0
  ON CONFLICT DO NOTHING`;

async function main() {
  const orgs = arg("orgs", 1000);
  const tickets = arg("tickets", 1_000_000);
  const largest = Math.min(tickets, arg("largest", Math.round(tickets / 10)));
  if (!(orgs >= 2 && tickets >= orgs))
    throw new Error("Usage: npm run bench:seed -- --orgs N --tickets M (N >= 2, M >= N)");
  const started = Date.now();
  const database = await benchDatabase();
  await applyMigrations(database.url);
  console.log(`PostgreSQL settings: ${JSON.stringify(await databaseSettings(database.url))}`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  /** @type {(sql: string, params?: unknown[]) => Promise<pg.QueryResult>} */
  const q = (sql, params) => client.query(sql, params);
  try {
    await q("SET TIME ZONE 'UTC'");
    await q("SET maintenance_work_mem = '512MB'");
    await q("SET max_parallel_maintenance_workers = 2");
    await q("SELECT setseed(0.42)");
    console.log(
      `Seeding ${tickets.toLocaleString("en")} tickets in ${orgs.toLocaleString("en")} organisations (largest ${largest.toLocaleString("en")}) into ${new URL(database.url).pathname.slice(1)}`,
    );
    await q(`TRUNCATE "Organization", "MailingListEntry", "RateLimitBucket" CASCADE`);

    // Secondary indexes are dropped during the load and rebuilt once afterwards: far faster
    // than maintaining 14 indexes row by row. Definitions are read back from the catalogue and
    // kept in a table until they are rebuilt, so that a seed stopped half-way (Ctrl-C, a killed
    // --scale run) leaves the next seed able to rebuild what it dropped.
    await q(`CREATE TABLE IF NOT EXISTS "_BenchSeedIndex" ("name" text PRIMARY KEY, "definition" text NOT NULL)`);
    await q(`INSERT INTO "_BenchSeedIndex" SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename IN ('Ticket', 'Reply')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      ON CONFLICT DO NOTHING`);
    const { rows: indexes } = await q(`SELECT "name", "definition" FROM "_BenchSeedIndex" ORDER BY "name"`);
    for (const { name } of indexes) await q(`DROP INDEX IF EXISTS "${name}"`);
    // Foreign keys of bulk-loaded rows are right by construction; skip their per-row triggers.
    await q("SET session_replication_role = replica");

    const passwordHash = await hash(BENCH_PASSWORD);
    const rest = tickets - largest;
    await q(
      `CREATE TEMP TABLE bench_orgs AS
      SELECT i AS idx, uuidv7()::text AS id,
        CASE WHEN i = 0 THEN $2::int ELSE $3::int / ($1::int - 1) + (CASE WHEN i <= $3::int % ($1::int - 1) THEN 1 ELSE 0 END) END AS n,
        NULL::text[] AS agents, NULL::text[] AS tags
      FROM generate_series(0, $1::int - 1) AS i`,
      [orgs, largest, rest],
    );
    await q(`INSERT INTO "Organization" ("id", "name", "slug", "plan", "onboardingCompleted", "createdAt", "updatedAt")
      SELECT id, CASE WHEN idx = 0 THEN 'Bench Largest' ELSE 'Bench ' || idx END, 'bench-' || idx,
        (CASE WHEN idx < 10 THEN 'enterprise' ELSE (ARRAY['free', 'starter', 'pro', 'enterprise'])[1 + idx % 4] END)::"Plan",
        true, now() - interval '400 days', now()
      FROM bench_orgs`);
    await q(`INSERT INTO "TicketCounter" ("organizationId", "lastNumber") SELECT id, n FROM bench_orgs WHERE n > 0`);
    // Per organisation: one admin and agents (25 in the largest, 3 elsewhere); one platform admin.
    await q(
      `INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "createdAt", "updatedAt")
      SELECT uuidv7()::text, o.id, CASE WHEN a = 0 THEN 'Admin ' ELSE 'Agent ' || a || ' ' END || o.idx,
        CASE WHEN a = 0 THEN 'admin' ELSE 'agent' || a END || '@bench-' || o.idx || '.test',
        CASE WHEN a = 0 THEN 'admin' ELSE 'agent' || a END || '_' || o.idx,
        (CASE WHEN a = 0 THEN 'org_admin' ELSE 'agent' END)::"Role", $1, now() - interval '400 days', now()
      FROM bench_orgs o CROSS JOIN LATERAL generate_series(0, CASE WHEN o.idx = 0 THEN 25 ELSE 3 END) AS a`,
      [passwordHash],
    );
    await q(
      `INSERT INTO "User" ("id", "organizationId", "fullName", "email", "username", "role", "passwordHash", "createdAt", "updatedAt")
      SELECT uuidv7()::text, id, 'Platform Admin', $1, 'platform', 'platform_admin', $2, now(), now() FROM bench_orgs WHERE idx = 0`,
      [benchEmails.platform, passwordHash],
    );
    await q(
      `UPDATE bench_orgs o SET agents = (SELECT array_agg(u.id ORDER BY u.email) FROM "User" u WHERE u."organizationId" = o.id AND u.role IN ('agent', 'org_admin'))`,
    );
    await q(
      `INSERT INTO "Tag" ("id", "organizationId", "name", "createdAt")
      SELECT uuidv7()::text, o.id, t.name, now() - interval '400 days' FROM bench_orgs o CROSS JOIN unnest($1::text[]) AS t(name)`,
      [BENCH_TAGS],
    );
    await q(
      `UPDATE bench_orgs o SET tags = (SELECT array_agg(t.id ORDER BY t.name) FROM "Tag" t WHERE t."organizationId" = o.id)`,
    );
    // The custom fields the tickets' values belong to, as Settings > Fields would define them.
    await q(
      `INSERT INTO "CustomField" ("id", "organizationId", "key", "label", "type", "options", "position", "updatedAt")
      SELECT uuidv7()::text, o.id, f.key, f.label, f.type::"CustomFieldType", f.options, f.position, now()
      FROM bench_orgs o, (VALUES ('order_number', 'Order number', 'text', ARRAY[]::text[], 0),
        ('plan', 'Plan', 'dropdown', ARRAY['Basic', 'Pro', 'Enterprise'], 1)) AS f(key, label, type, options, position)`,
    );
    await q("ALTER TABLE bench_orgs ADD PRIMARY KEY (idx)");

    // Chunks of about a twentieth of the tickets each (the largest organisation on its own).
    const { rows: sizes } = await q("SELECT idx, n FROM bench_orgs ORDER BY idx");
    const chunks = [];
    const target = Math.max(1, Math.ceil(tickets / 20));
    let from = 0;
    let count = 0;
    for (const { idx, n } of sizes) {
      count += n;
      if (count >= target || idx === sizes.length - 1 || idx === 0) {
        chunks.push({ from, to: idx, count });
        from = idx + 1;
        count = 0;
      }
    }
    const now = new Date();
    const bar = progress("tickets + replies", tickets);
    let done = 0;
    for (const chunk of chunks) {
      await q(INSERT_CHUNK, [chunk.from, chunk.to, now, SUBJECTS, AREAS, SENTENCES, FIRST, LAST, DOMAINS, REPLIES]);
      done += chunk.count;
      bar.update(done);
    }
    bar.done();
    await q("SET session_replication_role = origin");
    // The load ran without triggers: the open-ticket counters and the tag filter's rows are
    // built once, set-based.
    await q(`INSERT INTO "TicketQueueCount" ("organizationId", "assignedToId", "open")
      SELECT "organizationId", COALESCE("assignedToId", ''), count(*) FROM "Ticket"
      WHERE "status" IN ('open', 'pending', 'in_progress') GROUP BY 1, 2`);
    // The clocks of waiting and done tickets stopped when their status last changed, as the
    // status trigger records it.
    await q(`INSERT INTO "TicketSlaPause" ("ticketId", "reason", "startedAt")
      SELECT "id", CASE WHEN "status" = 'pending' THEN 'pending' ELSE 'done' END, "statusChangedAt"
      FROM "Ticket" WHERE "status" IN ('pending', 'resolved', 'closed')`);
    await q(`INSERT INTO "TicketTag" ("tagId", "ticketId", "ticketCreatedAt", "ticketUpdatedAt")
      SELECT t, "id", "createdAt", "updatedAt" FROM "Ticket" CROSS JOIN LATERAL unnest("tagIds") AS t`);
    // The custom field filter's and sort's rows, as the trigger keeps them (the ticket_field_values migration).
    await q(`INSERT INTO "TicketFieldValue" ("organizationId", "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt")
      SELECT "organizationId", "id", r."key", r."value", "createdAt", "updatedAt"
      FROM "Ticket" CROSS JOIN LATERAL "ticket_field_rows"("customFields") AS r WHERE "customFields" <> '{}'`);
    await q(BENCH_SLA_TARGETS, [now]);
    await q(BENCH_RATINGS);
    // The team has been warned of every ticket already at risk, as the SLA job would have done
    // when it happened (lib/services/tickets/sla-warnings.ts). Without these rows the job works through
    // every seeded ticket at risk during the run, a steady stream of warnings and their mails:
    // at 1M, hours of background work beside every measurement. (In
    // `npm run bench -- --scale` the server runs while sizes are seeded, and its job may have
    // warned of some of them already.)
    // The rest the job watches as the trigger would have: from its at-risk time, or, warned at
    // risk already, from its breach time. One read of the open tickets serves both.
    await q(
      `WITH open AS (
        SELECT "id", "organizationId", "slaRiskAt",
          LEAST("resolutionDueAt", CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" END) AS due
        FROM "Ticket" WHERE "status" IN ('open', 'in_progress')
      ), warned AS (
        INSERT INTO "SlaWarning" ("organizationId", "ticketId", "state", "createdAt")
        SELECT "organizationId", "id", CASE WHEN due <= $1 THEN 'breached' ELSE 'at_risk' END, $1
        FROM open WHERE "slaRiskAt" <= $1
        ON CONFLICT DO NOTHING
      )
      INSERT INTO "SlaWatch" ("ticketId", "warnAt")
      SELECT "id", CASE WHEN "slaRiskAt" <= $1 THEN due ELSE "slaRiskAt" END FROM open WHERE due > $1`,
      [now],
    );

    const indexBar = progress("indexes", indexes.length);
    for (const [i, { definition }] of indexes.entries()) {
      await q(definition);
      indexBar.update(i + 1);
    }
    await q(`DROP TABLE "_BenchSeedIndex"`);
    indexBar.done();
    // Everything the load wrote is vacuumed and written out before the seed ends, so that a run
    // measured right after it (`npm run bench -- --scale` seeds between sizes) does not share the
    // machine with autovacuum reaching the tag rows or the checkpointer writing gigabytes.
    const vacuumBar = progress("vacuum analyze", 3);
    await q(`VACUUM (ANALYZE) "Ticket"`);
    vacuumBar.update(1);
    await q(`VACUUM (ANALYZE) "Reply"`);
    vacuumBar.update(2);
    await q(
      `VACUUM (ANALYZE) "Organization", "User", "Tag", "TicketTag", "TicketFieldValue", "TicketQueueCount", "SlaWarning", "SlaWatch"`,
    );
    await q("CHECKPOINT");
    vacuumBar.done();

    const {
      rows: [totals],
    } = await q(`SELECT (SELECT count(*) FROM "Ticket") AS tickets, (SELECT count(*) FROM "Reply") AS replies`);
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Number(totals.tickets).toLocaleString("en")} tickets, ${Number(totals.replies).toLocaleString("en")} replies.`,
    );
    console.log(
      `Logins (password ${BENCH_PASSWORD}): ${benchEmails.admin(0)}, ${benchEmails.agent(0, 1)}..${benchEmails.agent(0, 25)}, ${benchEmails.platform}`,
    );
  } finally {
    await client.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
