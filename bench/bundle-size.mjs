// `npm run bench:bundle [-- --no-build]`: JavaScript each page needs on first visit, gzipped,
// from the production build: every chunk the server-rendered HTML names (its <script> tags
// and the client components its flight data references), without the `noModule` polyfills
// that modern browsers skip and without what <Link> prefetches for the next page later.
// An unknown path shows the floor: Next's and React's own runtime plus the root layout.
// BENCH_PORT moves the server off 3301 (e.g. when another checkout runs a bench at the same time).
import { gzipSync } from "node:zlib";
import { seed } from "../scripts/lib/database.mjs";
import { startProductionServer } from "./lib/server.mjs";
import { demoHelpPages } from "./lib/help-center.mjs";

// The public pages are held to the floor (what every page pays) plus a little of their own.
const PAGES = [
  { path: "/no-such-page", note: "floor: framework + root layout", floor: true },
  { path: "/", overFloorKb: 10 },
  { path: "/pricing", overFloorKb: 10 },
  { path: "/login", budgetKb: 250 },
  { path: "/app", budgetKb: 250, signIn: true },
];
const CHUNK = /\/_next\/static\/chunks\/[\w.~-]+\.js/g;

// The demo organisation is seeded on purpose (the bench signs in as its admin), so the server
// must accept its published password on the second run as on the first.
const app = await startProductionServer({
  port: Number(process.env.BENCH_PORT ?? 3301),
  build: !process.argv.includes("--no-build"),
  env: { ALLOW_DEMO_LOGINS: "true" },
});
await seed(app.databaseUrl);
// The public help center's pages are held to the floor too: server-rendered, nothing of their own to run.
const help = await demoHelpPages(app.databaseUrl);
PAGES.push(...[help.home, help.category, help.article, help.search].map((path) => ({ path, overFloorKb: 10 })));

async function signInCookie() {
  const res = await fetch(`${app.base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@acme.test", password: "demo-password-1" }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * The chunks a page's HTML names, minus those only its `noModule` script tags load.
 * @param {string} html
 */
function firstLoadChunks(html) {
  const legacy = new Set(
    [...html.matchAll(/<script\b[^>]*\bnoModule\b[^>]*>/gi)].flatMap((m) => m[0].match(CHUNK) ?? []),
  );
  return [...new Set(html.match(CHUNK) ?? [])].filter((url) => !legacy.has(url));
}

/** @type {Map<string, number>} */
const sizes = new Map();
/** @param {string} url */
async function gzipKb(url) {
  let kb = sizes.get(url);
  if (kb === undefined) {
    kb = gzipSync(Buffer.from(await (await fetch(`${app.base}${url}`)).arrayBuffer())).length / 1024;
    sizes.set(url, kb);
  }
  return kb;
}

console.log("page           scripts  gzip KB  budget");
try {
  const cookie = await signInCookie();
  let floorKb = 0;
  for (const { path, signIn, note, floor, overFloorKb, ...page } of PAGES) {
    const res = await fetch(`${app.base}${path}`, { headers: signIn ? { cookie } : {}, redirect: "manual" });
    if (res.status >= 300 && res.status < 400) throw new Error(`${path} redirected to ${res.headers.get("location")}`);
    const chunks = firstLoadChunks(await res.text());
    let total = 0;
    for (const url of chunks) total += await gzipKb(url);
    if (floor) floorKb = total;
    const budgetKb = overFloorKb === undefined ? page.budgetKb : floorKb + overFloorKb;
    const verdict = budgetKb
      ? `${total <= budgetKb ? "ok" : "OVER"} (${budgetKb.toFixed(1)}${overFloorKb ? `: floor + ${overFloorKb}` : ""})`
      : note;
    console.log(`${path.padEnd(14)} ${String(chunks.length).padStart(7)}  ${total.toFixed(1).padStart(7)}  ${verdict}`);
  }
} finally {
  await app.stop();
}
process.exit(0);
