// `npm run bench:events [-- options]`: the live event streams (GET /api/events) of a production
// build, on an embedded PostgreSQL of its own (.data/bench-events) seeded with the demo data:
//   1. 1,000 connect/disconnect cycles, then 500 concurrent streams on one instance: the
//      instance's stream counts and memory before, during and after (back to baseline?)
//   2. memory per open stream, and the most streams one instance holds (ramped up to --max)
//   3. commit-to-event delivery at 50 writes/s through instance A to streams on A and B
//   4. the API beside 500 open streams: GET /api/tickets/counts latency without and with them
// Options: --no-build, --max 3000, --rate 50, --seconds 20. Ports: EVENTS_PORT (default 3400;
// instance B is the next one), BENCH_PG_PORT (default 54339). Writes JSON to bench/results/.
import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { seed } from "../scripts/lib/database.mjs";
import { startEmbeddedPostgres } from "../scripts/lib/embedded-postgres.mjs";
import { postgresSettings } from "../scripts/lib/postgres-settings.mjs";
import { applyMigrations } from "../scripts/lib/schema-engine.mjs";
import { startProductionServer } from "./lib/server.mjs";

const argv = process.argv.slice(2);
/** @type {<T>(name: string, fallback: T) => string | T} */
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const MAX = Number(option("max", 3000));
const RATE = Number(option("rate", 50));
const SECONDS = Number(option("seconds", 20));
const PORT_A = Number(process.env.EVENTS_PORT ?? 3400);
const PORT_B = PORT_A + 1;
const PASSWORD = "demo-password-1";
// The bench opens many streams as a few people: the per-person cap is lifted, the per-instance
// cap set to what is being measured (both are configuration, see README).
const SERVER_ENV = {
  ALLOW_DEMO_LOGINS: "true",
  TRUST_PROXY_HOPS: "1",
  LIVE_MAX_STREAMS_PER_USER: String(MAX * 2),
  LIVE_MAX_STREAMS: String(MAX),
  NODE_OPTIONS: "--expose-gc",
  DATABASE_POOL_SIZE: "10",
  // Each instance one process: the caps and the memory measured are per process.
  WEB_CONCURRENCY: "1",
};

/**
 * What GET /api/events/stats reports about one instance's streams and memory.
 * @typedef {{ streams: number, organizations: number, holders: number, heapUsedBytes: number, rssBytes: number }} StreamStats
 */
/** @typedef {Awaited<ReturnType<typeof openStream>>} Stream */

/** @type {(sorted: number[], p: number) => number} */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** @param {number} bytes */
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
let address = 0;

/**
 * @param {string} base
 * @param {string} email
 */
async function signIn(base, email) {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.18.0.${++address}` },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email} on ${base}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Opens a stream and resolves once it said "ready"; `onEvent` gets every later event.
 * @param {string} base
 * @param {string} cookie
 * @param {(event: string, data: Record<string, unknown>, at: number) => void} [onEvent]
 */
async function openStream(base, cookie, onEvent = () => {}) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
  if (res.status !== 200) {
    await res.body?.cancel();
    return { status: res.status, close: () => {} };
  }
  if (!res.body) throw new Error("the event stream answered without a body");
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  /** @type {PromiseWithResolvers<void>} */
  const { promise: isReady, resolve: ready } = Promise.withResolvers();
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event === "ready") ready();
          else if (event) onEvent(event, JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "{}"), performance.now());
        }
      }
    } catch {
      // closed
    }
  })();
  await isReady;
  return { status: 200, close: () => abort.abort() };
}

/**
 * @param {string} base
 * @param {string} cookie
 * @returns {Promise<StreamStats>}
 */
async function stats(base, cookie) {
  const res = await fetch(`${base}/api/events/stats`, { headers: { cookie } });
  return res.json();
}

/**
 * Waits until the instance holds `streams` streams (closing is noticed asynchronously).
 * @param {string} base
 * @param {string} cookie
 * @param {number} streams
 */
async function settle(base, cookie, streams) {
  for (let i = 0; i < 200; i++) {
    const s = await stats(base, cookie);
    if (s.streams === streams) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  return stats(base, cookie);
}

/**
 * @param {number} total
 * @param {number} concurrency
 * @param {(i: number) => Promise<unknown>} task
 */
async function inBatches(total, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

/**
 * @param {string} base
 * @param {string} cookie
 */
async function countsLatency(base, cookie, duration = 8) {
  const result = await autocannon({
    url: `${base}/api/tickets/counts`,
    headers: { cookie },
    connections: 16,
    duration,
  });
  return {
    rps: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p97_5ms: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

const db = await startEmbeddedPostgres({
  dir: ".data/bench-events",
  port: Number(process.env.BENCH_PG_PORT ?? 54339),
  database: "ticketry_bench_events",
  settings: postgresSettings("bench"),
});
await applyMigrations(db.url);
await seed(db.url);
const a = await startProductionServer({
  port: PORT_A,
  build: !argv.includes("--no-build"),
  env: { ...SERVER_ENV, DATABASE_URL: db.url },
});
const b = await startProductionServer({ port: PORT_B, build: false, env: { ...SERVER_ENV, DATABASE_URL: db.url } });
/** @type {Record<string, unknown>} */
const report = { machine: { cpus: (await import("node:os")).cpus().length, node: process.version } };
try {
  const platform = await signIn(a.base, "platform@ticketry.test");
  const agentA = await signIn(a.base, "agent@acme.test");
  const agentB = await signIn(b.base, "agent2@acme.test");

  // 1. Churn and concurrency on one instance.
  await openStream(a.base, agentA).then((s) => s.close()); // the LISTEN connection, once
  const baseline = await settle(a.base, platform, 0);
  const churnStart = performance.now();
  await inBatches(1000, 20, async () => (await openStream(a.base, agentA)).close());
  const churnSeconds = (performance.now() - churnStart) / 1000;
  const afterChurn = await settle(a.base, platform, 0);
  /** @type {Stream[]} */
  const open = [];
  await inBatches(500, 25, async () => open.push(await openStream(a.base, agentA)));
  const with500 = await settle(a.base, platform, 500);
  // Without, with and again without the open streams, after a warm-up: the first run of a
  // fresh server is slower whatever it measures.
  await countsLatency(a.base, agentA, 4);
  const apiWith = await countsLatency(a.base, agentA);
  for (const s of open.splice(0)) s.close();
  const after500 = await settle(a.base, platform, 0);
  const apiWithout = await countsLatency(a.base, agentA);
  for (let i = 0; i < 500; i++) open.push(await openStream(a.base, agentA));
  const apiWithAgain = await countsLatency(a.base, agentA);
  for (const s of open.splice(0)) s.close();
  await settle(a.base, platform, 0);
  report.churn = {
    cycles: 1000,
    seconds: Math.round(churnSeconds * 10) / 10,
    baseline: {
      streams: baseline.streams,
      organizations: baseline.organizations,
      holders: baseline.holders,
      heapMb: mb(baseline.heapUsedBytes),
      rssMb: mb(baseline.rssBytes),
    },
    afterChurn: {
      streams: afterChurn.streams,
      organizations: afterChurn.organizations,
      holders: afterChurn.holders,
      heapMb: mb(afterChurn.heapUsedBytes),
      rssMb: mb(afterChurn.rssBytes),
    },
    with500: { streams: with500.streams, heapMb: mb(with500.heapUsedBytes), rssMb: mb(with500.rssBytes) },
    after500: {
      streams: after500.streams,
      organizations: after500.organizations,
      holders: after500.holders,
      heapMb: mb(after500.heapUsedBytes),
      rssMb: mb(after500.rssBytes),
    },
    heapKbPerStream: Math.round((with500.heapUsedBytes - afterChurn.heapUsedBytes) / 500 / 102.4) / 10,
    rssKbPerStream: Math.round((with500.rssBytes - afterChurn.rssBytes) / 500 / 102.4) / 10,
  };
  report.api = {
    countsWith500Streams: apiWith,
    countsWithoutStreams: apiWithout,
    countsWith500StreamsAgain: apiWithAgain,
  };
  console.log(JSON.stringify({ churn: report.churn, api: report.api }, null, 2));

  // 2. The most streams one instance holds (up to --max, its configured cap).
  /** @type {Stream[]} */
  const held = [];
  let refused = null;
  for (let step = 0; held.length < MAX && !refused; step++) {
    const batch = Math.min(250, MAX - held.length);
    const opened = await Promise.all(
      Array.from({ length: batch }, () => openStream(a.base, agentA).catch(() => ({ status: 0, close() {} }))),
    );
    for (const s of opened) (s.status === 200 ? held : []).push(s);
    refused = opened.find((s) => s.status !== 200)?.status ?? null;
  }
  const peak = await stats(a.base, platform);
  report.maxStreams = {
    held: held.length,
    cap: MAX,
    firstRefusal: refused,
    heapMb: mb(peak.heapUsedBytes),
    rssMb: mb(peak.rssBytes),
    rssKbPerStream: Math.round((peak.rssBytes - afterChurn.rssBytes) / held.length / 102.4) / 10,
  };
  for (const s of held) s.close();
  await settle(a.base, platform, 0);
  console.log(JSON.stringify({ maxStreams: report.maxStreams }, null, 2));

  // 3. Delivery at RATE writes/s, heard by streams on A and on B: first straight commits on the
  // database (commit to event: the fan-out alone), then the same rate through A's API.
  /** @type {{ id: string }[]} */
  const tickets = [];
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${a.base}/api/tickets`, {
      method: "POST",
      headers: { cookie: agentA, "content-type": "application/json" },
      body: JSON.stringify({ subject: `Delivery ${i}`, description: "bench:events" }),
    });
    tickets.push(await res.json());
  }
  /** @type {Record<"a" | "b", { key: string, at: number }[]>} */
  const heard = { a: [], b: [] };
  /** @type {(which: "a" | "b") => (event: string, data: Record<string, unknown>, at: number) => void} */
  const onto = (which) => (event, data, at) => {
    if (event === "ticket") heard[which].push({ key: `${data.ticketId}:${data.version}`, at });
  };
  const listeners = [
    ...(await Promise.all(Array.from({ length: 10 }, () => openStream(a.base, agentA, onto("a"))))),
    ...(await Promise.all(Array.from({ length: 10 }, () => openStream(b.base, agentB, onto("b"))))),
  ];
  const PRIORITIES = ["low", "medium", "high", "urgent"];
  // New tickets are medium: every write moves its ticket to another priority (a real change).
  /** @param {number} i */
  const priorityOf = (i) => PRIORITIES[(Math.floor(i / tickets.length) + 2) % 4];

  /**
   * RATE writes a second for SECONDS; `write` resolves to the version it made, `mark` when it counts from.
   * @param {number} round
   * @param {(ticket: { id: string }, priority: string) => Promise<number>} write
   */
  async function measure(round, write) {
    heard.a.length = 0;
    heard.b.length = 0;
    /** When each write (ticket:version) was sent and when its answer came. */
    /** @type {Map<string, { sent: number, answered: number }>} */
    const writes = new Map();
    /** @type {Promise<void>[]} */
    const pending = [];
    const total = RATE * SECONDS;
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const ticket = tickets[i % tickets.length];
      const sent = performance.now();
      pending.push(
        write(ticket, priorityOf(i + round * total)).then(
          (version) => {
            writes.set(`${ticket.id}:${version}`, { sent, answered: performance.now() });
          },
          () => {},
        ),
      );
    }
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 2000)); // the last events' way home
    /** @type {Record<string, unknown>} */
    const result = {};
    for (const which of /** @type {const} */ (["a", "b"])) {
      /** @type {number[]} */
      const fromSend = [];
      /** @type {number[]} */
      const fromAnswer = [];
      /** @type {Map<string, number>} */
      const first = new Map();
      for (const { key, at } of heard[which]) if (!first.has(key)) first.set(key, at);
      for (const [key, at] of first) {
        const write = writes.get(key);
        if (!write) continue;
        fromSend.push(at - write.sent);
        fromAnswer.push(at - write.answered);
      }
      fromSend.sort((x, y) => x - y);
      fromAnswer.sort((x, y) => x - y);
      result[which === "a" ? "streamsOnA" : "streamsOnB"] = {
        delivered: fromSend.length,
        of: writes.size,
        startToEventMs: { p50: Math.round(percentile(fromSend, 50)), p95: Math.round(percentile(fromSend, 95)) },
        answerToEventMs: {
          p50: Math.round(percentile(fromAnswer, 50)),
          p95: Math.round(percentile(fromAnswer, 95)),
          max: Math.round(fromAnswer.at(-1) ?? NaN),
        },
      };
    }
    return result;
  }

  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // A commit's answer comes back after the commit: "answer to event" is commit to delivery.
  // One connection runs one statement at a time: the writes queue on it in order.
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  /** @type {(text: string, values: unknown[]) => Promise<pg.QueryResult>} */
  const queued = (text, values) => {
    const done = queue.then(() => sql.query(text, values));
    queue = done;
    return done;
  };
  const commits = await measure(0, async (ticket, priority) => {
    const { rows } = await queued(
      `UPDATE "Ticket" SET "priority" = $1::"TicketPriority", "updatedAt" = now() WHERE "id" = $2 RETURNING "version"`,
      [priority, ticket.id],
    );
    return rows[0].version;
  });
  await sql.end();
  const throughApi = await measure(1, async (ticket, priority) => {
    const res = await fetch(`${a.base}/api/tickets/${ticket.id}`, {
      method: "PUT",
      headers: { cookie: agentA, "content-type": "application/json" },
      body: JSON.stringify({ priority }),
    });
    return (await res.json()).version;
  });
  for (const s of listeners) s.close();
  report.delivery = {
    writesPerSecond: RATE,
    seconds: SECONDS,
    commitsOnTheDatabase: commits,
    throughApiOfA: throughApi,
  };
  console.log(JSON.stringify({ delivery: report.delivery }, null, 2));

  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/events-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`Wrote ${file}`);
} finally {
  await b.stop();
  await a.stop();
  await db.stop();
}
