// `node bench/prepared.mjs [--rounds 6] [--per 300]`: what named (prepared) statements save on the
// hot reads (bench/lib/hot-sql.mjs: session user, list, counts, ticket, replies, the pane),
// on one connection to a database seeded by `npm run bench:seed` (DATABASE_URL). Each round runs
// every query `per` times unnamed (parsed and planned per call, as Prisma's pg adapter sends them
// by default) and `per` times named, alternating which goes first, so a busy machine's noise
// falls on both alike. Prints the mean per query, and EXPLAIN ANALYZE's planning and execution
// time for each query as an unnamed statement sees them.
import pg from "pg";
import * as sql from "./lib/hot-sql.mjs";

const argv = process.argv.slice(2);
/** @type {<T>(name: string, fallback: T) => string | T} */
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const ROUNDS = Number(option("rounds", 6));
const PER = Number(option("per", 300));

if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a database seeded by `npm run bench:seed`.");
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();

const {
  rows: [org],
} = await client.query(`SELECT "id" FROM "Organization" WHERE "slug" = 'bench-0'`);
if (!org) throw new Error("No benchmark data: run `npm run bench:seed` first (same DATABASE_URL).");
const { rows: agents } = await client.query(
  `SELECT "id" FROM "User" WHERE "organizationId" = $1 AND "role" = 'agent' LIMIT 12`,
  [org.id],
);
const { rows: tickets } = await client.query(
  `SELECT "id" FROM "Ticket" WHERE "organizationId" = $1 AND "ticketNumber" % 50 = 7 ORDER BY "ticketNumber" LIMIT 200`,
  [org.id],
);
/** @type {<T>(list: T[]) => T} */
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Each entry: a label and a fresh query for a random agent or ticket.
 * @type {(readonly [string, () => { text: string, values: unknown[] }])[]}
 */
const CASES = [
  ["session user", () => sql.sessionUser(pick(agents).id)],
  ["list:all", () => sql.list(org.id, pick(agents).id)],
  ["list:unassigned", () => sql.list(org.id, pick(agents).id, "unassigned")],
  ["counts", () => sql.counts(org.id, pick(agents).id)],
  .../** @type {const} */ (["ticket", "replies", "pane"]).map(
    (part) => /** @type {const} */ ([part, () => sql.pane(org.id, pick(tickets).id, part)]),
  ),
];

/**
 * @param {() => { text: string, values: unknown[] }} make
 * @param {boolean} named
 */
async function timed(make, named) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < PER; i++) {
    const q = make();
    await client.query(named ? q : { text: q.text, values: q.values });
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / PER;
}

/** @type {Map<string, { unnamed: number[], named: number[] }>} */
const results = new Map(CASES.map(([label]) => [label, { unnamed: [], named: [] }]));
/** @param {string} label */
const resultsOf = (label) => /** @type {{ unnamed: number[], named: number[] }} */ (results.get(label));
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, make] of CASES) {
    const r = resultsOf(label);
    const order = round % 2 === 0 ? [false, true] : [true, false];
    for (const named of order) r[named ? "named" : "unnamed"].push(await timed(make, named));
  }
  process.stderr.write(`round ${round + 1}/${ROUNDS}\n`);
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\n${ROUNDS} rounds x ${PER} calls per query, one connection; median of the rounds' means (ms)`);
console.log(
  `${"query".padEnd(24)} ${"unnamed".padStart(8)} ${"named".padStart(8)} ${"saved".padStart(7)}   plan / exec (EXPLAIN ANALYZE)`,
);
for (const [label, make] of CASES) {
  const r = resultsOf(label);
  const unnamed = median(r.unnamed);
  const named = median(r.named);
  const q = make();
  const { rows } = await client.query({ text: `EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, values: q.values });
  const plan = rows[0]["QUERY PLAN"][0];
  console.log(
    `${label.padEnd(24)} ${unnamed.toFixed(3).padStart(8)} ${named.toFixed(3).padStart(8)} ${`${Math.round((100 * (unnamed - named)) / unnamed)} %`.padStart(7)}   ${plan["Planning Time"].toFixed(3)} / ${plan["Execution Time"].toFixed(3)}`,
  );
}
await client.end();
