// `npm run bench:lighthouse [-- --no-build]`: Lighthouse on the public pages of a production
// build, driving the same Chromium as the end-to-end tests. Prints the four category scores
// per page (mobile and desktop) and writes them to bench/results/. BENCH_PORT moves the server off 3300.
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { describeChromium, resolveChromium } from "../scripts/lib/chromium.mjs";
import { startProductionServer } from "./lib/server.mjs";
import { demoHelpPages } from "./lib/help-center.mjs";
import { seed } from "../scripts/lib/database.mjs";

const PAGES = ["/", "/pricing", "/privacy"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const chromium = await resolveChromium();
console.log(describeChromium(chromium));

// The embedded database is the demo's (`npm start`, `npm run bench:bundle` seed it): the server
// must accept its published password, as for the bundle bench.
const app = await startProductionServer({
  port: Number(process.env.BENCH_PORT ?? 3300),
  build: !process.argv.includes("--no-build"),
  env: { ALLOW_DEMO_LOGINS: "true" },
});
// The demo help center's home and an article (seeded as the bundle bench does; the seed is idempotent).
await seed(app.databaseUrl);
const help = await demoHelpPages(app.databaseUrl);
PAGES.push(help.home, help.article);
const chrome = await chromeLauncher.launch({
  chromePath: chromium.executablePath,
  chromeFlags: ["--headless=new", ...chromium.args],
});

/** @type {({ form: string, path: string, lcpMs: number, cls: number, failed: string[] } & Record<string, unknown>)[]} */
const rows = [];
/** @type {[string, import("lighthouse").Config | undefined][]} */
const FORMS = [
  ["mobile", undefined],
  ["desktop", desktopConfig],
];

/**
 * A metric's value from a finished run; Lighthouse leaves it out only when the audit failed.
 * @param {import("lighthouse").RunnerResult} result
 * @param {string} audit
 */
function metric(result, audit) {
  const value = result.lhr.audits[audit].numericValue;
  if (value === undefined) throw new Error(`Lighthouse measured no ${audit}`);
  return value;
}

try {
  for (const [form, config] of FORMS) {
    for (const path of PAGES) {
      // One warm-up load so the first measurement is not a cold server start.
      await fetch(`${app.base}${path}`);
      const result = await lighthouse(
        `${app.base}${path}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
        config,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c].score ?? 0) * 100)]),
      );
      const failed = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      rows.push({
        form,
        path,
        ...scores,
        lcpMs: Math.round(metric(result, "largest-contentful-paint")),
        cls: metric(result, "cumulative-layout-shift"),
        failed,
      });
    }
  }
} finally {
  await chrome.kill();
  await app.stop();
}

console.log("\nform     page       perf  a11y  best  seo   LCP ms  CLS    failing audits");
for (const r of rows) {
  console.log(
    `${r.form.padEnd(8)} ${r.path.padEnd(10)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r["best-practices"]).padStart(4)}  ${String(r.seo).padStart(3)}  ${String(r.lcpMs).padStart(6)}  ${r.cls.toFixed(3)}  ${r.failed.join(", ")}`,
  );
}
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify(rows, null, 2));
console.log(`\nwrote ${file}`);
process.exit(0);
