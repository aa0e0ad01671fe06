// Mixed help-desk traffic for the soak and outage runs: tenants set up through the API, N
// concurrent clients reading, creating tickets, replying and changing status/priority across
// the tenants, every acknowledged write remembered, and a database check afterwards that each
// acknowledged write is stored as acknowledged and nothing is half-written.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.mjs";
import { postgresSettings } from "../../scripts/lib/postgres-settings.mjs";

// The package's ES build imports a nodemailer directory path that Node rejects; its CommonJS build works.
const { SMTPServer } = /** @type {typeof import("smtp-server")} */ (createRequire(import.meta.url)("smtp-server"));

/**
 * What `call` got back: `json` is the body parsed (null when empty or not JSON), in the shape of
 * whichever route answered; `headers` is missing when the request failed.
 * @typedef {{ status: number, json: unknown, ms: number, headers?: Headers, error?: string }} Answer
 */
/** @typedef {{ orgId: string, cookie: string, tickets: string[] }} Tenant */
/** @typedef {{ kind: string, status: number, ms: number, at: number, error?: string, bodyOk: boolean }} Sample */
/**
 * The writes the server acknowledged, with what they acknowledged.
 * @typedef {{
 *   tickets: { orgId: string, id: string, subject: string, description: string, ticketNumber: number }[],
 *   replies: { orgId: string, id: string, ticketId: string, content: string }[],
 *   updates: { ticketId: string, status?: string, priority?: string }[],
 * }} AckedWrites
 */

/**
 * An SMTP server that accepts every message: notification mail takes the real path. It drops
 * them unless `keep` (a run that must read a code it was sent), then `messages()` has them raw.
 * @param {{ keep?: boolean }} [options]
 */
export async function startMailSink({ keep = false } = {}) {
  let received = 0;
  /** @type {string[]} */
  const kept = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (chunk) => keep && chunks.push(chunk));
      stream.on("end", () => {
        received += 1;
        if (keep) kept.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received: () => received,
    messages: () => [...kept],
    /** @returns {Promise<void>} */
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const STATUSES = ["open", "pending", "in_progress", "resolved"];
const PRIORITIES = ["low", "medium", "high", "urgent"];

/**
 * A throwaway PostgreSQL of the benchmark's own (stoppable without touching anyone else's).
 * @param {number} port
 */
export async function startOwnPostgres(port) {
  const dir = `/tmp/ticketry-bench-pg-${port}-${process.pid}`;
  return startEmbeddedPostgres({ dir, port, database: "ticketry_bench", settings: postgresSettings("bench") });
}

/**
 * @param {string} url
 * @param {string} text
 * @param {unknown[]} [values]
 * @returns {Promise<Record<string, unknown>[]>}
 */
async function query(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The `n` that a `SELECT count(*)::int AS n` query answers.
 * @param {string} url
 * @param {string} text
 * @param {unknown[]} [values]
 */
async function count(url, text, values) {
  const [{ n }] = /** @type {{ n: number }[]} */ (await query(url, text, values));
  return n;
}

/**
 * One request with its status, parsed JSON body and duration; a network failure is status 0.
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {{ cookie?: string, body?: unknown, headers?: Record<string, string> }} [options]
 * @returns {Promise<Answer>}
 */
export async function call(base, method, path, { cookie, body, headers: extra = {} } = {}) {
  const started = performance.now();
  const headers = { ...extra };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    /** @type {unknown} */
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, ms: performance.now() - started, headers: res.headers };
  } catch (error) {
    return {
      status: 0,
      json: null,
      ms: performance.now() - started,
      error: String(
        /** @type {{ cause?: { code?: string } }} */ (error)?.cause?.code ??
          /** @type {Error} */ (error)?.name ??
          error,
      ),
    };
  }
}

/**
 * `orgs` organisations, each registered through the API, on the enterprise plan, with a few tickets.
 * @param {string} base
 * @param {string} databaseUrl
 * @returns {Promise<Tenant[]>}
 */
export async function prepareTenants(base, databaseUrl, orgs = 4) {
  /** @type {Tenant[]} */
  const tenants = [];
  for (let i = 0; i < orgs; i++) {
    const email = `soak-admin-${i}-${randomUUID().slice(0, 6)}@example.test`;
    const res = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        password: "soak-password-1",
        fullName: `Soak Admin ${i}`,
        companyName: `Soak Org ${i}`,
      }),
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    const setCookie = res.headers.get("set-cookie");
    if (!setCookie) throw new Error("register answered without a session cookie");
    const cookie = setCookie.split(";")[0];
    const { organization } = await res.json();
    tenants.push({ orgId: organization.id, cookie, tickets: [] });
  }
  await query(
    databaseUrl,
    `UPDATE "Organization" SET "plan" = 'enterprise', "onboardingCompleted" = true WHERE "id" = ANY($1)`,
    [tenants.map((t) => t.orgId)],
  );
  for (const tenant of tenants) {
    for (let n = 0; n < 5; n++) {
      const r = await call(base, "POST", "/api/tickets", {
        cookie: tenant.cookie,
        body: { subject: `seed ${n}`, description: "seed ticket" },
      });
      if (r.status !== 201) throw new Error(`seed ticket failed: ${r.status}`);
      tenant.tickets.push(/** @type {{ id: string }} */ (r.json).id);
    }
  }
  return tenants;
}

/** @type {<T>(list: readonly T[]) => T} */
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Runs `clients` concurrent loops until `durationMs` has passed. Returns every request's
 * outcome and the acknowledged writes (2xx answers) with what they acknowledged.
 * @param {{ base: string, tenants: Tenant[], clients?: number, durationMs?: number }} options
 */
export async function runTraffic({ base, tenants, clients = 50, durationMs = 60_000 }) {
  /** @type {Sample[]} */
  const samples = [];
  /** @type {AckedWrites} */
  const acked = { tickets: [], replies: [], updates: [] };
  const started = Date.now();
  const deadline = started + durationMs;

  /** @param {number} id */
  async function client(id) {
    const tenant = tenants[id % tenants.length];
    let n = 0;
    while (Date.now() < deadline) {
      n += 1;
      const roll = Math.random();
      const at = Date.now() - started;
      let kind;
      let r;
      if (roll < 0.4) {
        const read = pick(/** @type {const} */ (["list", "counts", "detail", "replies", "usage"]));
        kind = `read:${read}`;
        const ticket = pick(tenant.tickets);
        const path = {
          list: "/api/tickets?limit=50",
          counts: "/api/tickets/counts",
          detail: `/api/tickets/detail/${ticket}`,
          replies: `/api/replies/${ticket}`,
          usage: "/api/usage",
        }[read];
        r = await call(base, "GET", path, { cookie: tenant.cookie });
      } else if (roll < 0.65) {
        kind = "create";
        const body = {
          subject: `soak ${id}-${n} ${randomUUID().slice(0, 8)}`,
          description: `created by client ${id}, request ${n}`,
          priority: pick(PRIORITIES),
          customerEmail: `customer-${id}@example.test`,
        };
        r = await call(base, "POST", "/api/tickets", { cookie: tenant.cookie, body });
        if (r.status === 201) {
          const ticket = /** @type {{ id: string, ticketNumber: number }} */ (r.json);
          acked.tickets.push({
            orgId: tenant.orgId,
            id: ticket.id,
            subject: body.subject,
            description: body.description,
            ticketNumber: ticket.ticketNumber,
          });
          tenant.tickets.push(ticket.id);
        }
      } else if (roll < 0.85) {
        kind = "reply";
        const body = {
          ticketId: pick(tenant.tickets),
          content: `reply ${id}-${n} ${randomUUID().slice(0, 8)}`,
          type: Math.random() < 0.2 ? "internal" : "public",
        };
        r = await call(base, "POST", "/api/replies", { cookie: tenant.cookie, body });
        if (r.status === 201)
          acked.replies.push({
            orgId: tenant.orgId,
            id: /** @type {{ id: string }} */ (r.json).id,
            ticketId: body.ticketId,
            content: body.content,
          });
      } else {
        kind = "update";
        const ticketId = pick(tenant.tickets);
        const body = Math.random() < 0.5 ? { status: pick(STATUSES) } : { priority: pick(PRIORITIES) };
        r = await call(base, "PUT", `/api/tickets/${ticketId}`, { cookie: tenant.cookie, body });
        if (r.status === 200) acked.updates.push({ ticketId, ...body });
      }
      samples.push({
        kind,
        status: r.status,
        ms: r.ms,
        at,
        error: r.error,
        bodyOk: r.status < 400 || typeof (/** @type {{ error?: unknown } | null} */ (r.json)?.error) === "string",
      });
    }
  }

  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return { samples, acked, elapsedMs: Date.now() - started };
}

/**
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** @param {Sample[]} samples */
export function summarize(samples) {
  /** @type {Record<number, number>} */
  const byStatus = {};
  for (const s of samples) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
  const ms = samples.map((s) => s.ms);
  return {
    requests: samples.length,
    byStatus,
    serverErrors: samples.filter((s) => s.status >= 500 || s.status === 0).length,
    errorsWithoutErrorBody: samples.filter((s) => !s.bodyOk).length,
    p50: Math.round(percentile(ms, 50)),
    p95: Math.round(percentile(ms, 95)),
    p99: Math.round(percentile(ms, 99)),
    max: Math.round(Math.max(0, ...ms)),
  };
}

/**
 * Every acknowledged write is in the database as acknowledged; nothing is half-written.
 * @param {string} databaseUrl
 * @param {AckedWrites} acked
 * @param {string[]} orgIds
 */
export async function verifyWrites(databaseUrl, acked, orgIds) {
  const tickets = await query(
    databaseUrl,
    `SELECT "id", "organizationId", "subject", "description", "ticketNumber" FROM "Ticket" WHERE "id" = ANY($1)`,
    [acked.tickets.map((t) => t.id)],
  );
  const storedTickets = new Map(tickets.map((t) => [t.id, t]));
  const ticketMismatches = acked.tickets.filter((a) => {
    const s = storedTickets.get(a.id);
    return (
      !s ||
      s.organizationId !== a.orgId ||
      s.subject !== a.subject ||
      s.description !== a.description ||
      s.ticketNumber !== a.ticketNumber
    );
  });
  const replies = await query(
    databaseUrl,
    `SELECT "id", "ticketId", "content", "organizationId" FROM "Reply" WHERE "id" = ANY($1)`,
    [acked.replies.map((r) => r.id)],
  );
  const storedReplies = new Map(replies.map((r) => [r.id, r]));
  const replyMismatches = acked.replies.filter((a) => {
    const s = storedReplies.get(a.id);
    return !s || s.ticketId !== a.ticketId || s.content !== a.content || s.organizationId !== a.orgId;
  });
  const ticketsWithoutEvent = await count(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "Ticket" t WHERE t."organizationId" = ANY($1) AND NOT EXISTS (SELECT 1 FROM "AuditEvent" e WHERE e."ticketId" = t."id" AND e."action" = 'ticket.created')`,
    [orgIds],
  );
  const repliesWithoutTicket = await count(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "Reply" r LEFT JOIN "Ticket" t ON t."id" = r."ticketId" WHERE t."id" IS NULL`,
  );
  const repliesWithoutEvent = await count(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "Reply" r WHERE r."organizationId" = ANY($1) AND NOT EXISTS (SELECT 1 FROM "AuditEvent" e WHERE e."targetId" = r."id" AND e."action" IN ('ticket.replied', 'ticket.note_added'))`,
    [orgIds],
  );
  const duplicates = await query(
    databaseUrl,
    `SELECT "organizationId", "ticketNumber" FROM "Ticket" WHERE "organizationId" = ANY($1) GROUP BY 1, 2 HAVING count(*) > 1`,
    [orgIds],
  );
  // History chains to the current value: each ticket's status is the last recorded status change's target.
  const historyMismatches = await count(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "Ticket" t
       JOIN LATERAL (SELECT e."metadata"->>'to' AS "to" FROM "AuditEvent" e WHERE e."ticketId" = t."id" AND e."action" = 'ticket.status_changed' ORDER BY e."createdAt" DESC, e."id" DESC LIMIT 1) last ON true
     WHERE t."organizationId" = ANY($1) AND last."to" <> t."status"::text`,
    [orgIds],
  );
  const storedTicketCount = await count(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "Ticket" WHERE "organizationId" = ANY($1) AND "subject" LIKE 'soak %'`,
    [orgIds],
  );
  return {
    ticketsAcknowledged: acked.tickets.length,
    ticketsStored: storedTicketCount,
    ticketsLostOrChanged: ticketMismatches.length,
    repliesAcknowledged: acked.replies.length,
    repliesLostOrChanged: replyMismatches.length,
    updatesAcknowledged: acked.updates.length,
    halfWritten: { ticketsWithoutCreationEvent: ticketsWithoutEvent, repliesWithoutTicket, repliesWithoutEvent },
    duplicateTicketNumbers: duplicates.length,
    historyNotMatchingStatus: historyMismatches,
  };
}

/**
 * After the traffic: waits until the job queue has sent every mail (retries whose backoff has not
 * yet passed are made due, as if the wait were over), then checks that each acknowledged ticket's
 * "received" mail reached the sink exactly once and that no mail is dead.
 * @param {string} databaseUrl
 * @param {{ messages: () => string[], received: () => number }} mail
 * @param {AckedWrites} acked
 */
export async function verifyMail(databaseUrl, mail, acked, timeoutMs = 180_000) {
  const started = Date.now();
  /** @type {{ pending: number, dead: number }} */
  let left;
  for (;;) {
    await query(
      databaseUrl,
      `UPDATE graphile_worker._private_jobs SET run_at = now()
       WHERE attempts > 0 AND attempts < max_attempts AND locked_at IS NULL AND run_at > now()`,
    );
    [left] = /** @type {{ pending: number, dead: number }[]} */ (
      await query(
        databaseUrl,
        `SELECT count(*) FILTER (WHERE j.attempts < j.max_attempts)::int AS pending,
              count(*) FILTER (WHERE j.attempts >= j.max_attempts)::int AS dead
       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE t.identifier = 'mail.send'`,
      )
    );
    if (left.pending === 0 || Date.now() - started > timeoutMs) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const texts = mail.messages().map((raw) => raw.replace(/=\r?\n/g, "").replace(/=22/g, '"'));
  const counts = acked.tickets.map((t) => texts.filter((text) => text.includes(`your request "${t.subject}"`)).length);
  return {
    drainedInSeconds: Math.round((Date.now() - started) / 1000),
    ticketMailsExpected: acked.tickets.length,
    deliveredOnce: counts.filter((n) => n === 1).length,
    missing: counts.filter((n) => n === 0).length,
    duplicated: counts.filter((n) => n > 1).length,
    stillQueued: left.pending,
    dead: left.dead,
    mailsReceived: mail.received(),
  };
}
