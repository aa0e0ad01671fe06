// `npm run bench:bundle [-- --no-build]`: JavaScript each page loads on first visit, gzipped,
// measured in Chromium from the production build (every script the page requests).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { seed } from "../scripts/lib/database.mjs";
import { startProductionServer } from "./lib/server.mjs";

const PAGES = [
  { path: "/", budgetKb: 120 },
  { path: "/pricing", budgetKb: 120 },
  { path: "/login", budgetKb: 250 },
  { path: "/app", budgetKb: 250, signIn: true },
];

const app = await startProductionServer({ port: 3301, build: !process.argv.includes("--no-build") });
await seed(app.databaseUrl);
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});

console.log("page        scripts  raw KB  gzip KB  budget");
try {
  for (const { path, budgetKb, signIn } of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signIn) await page.request.post(`${app.base}/api/login`, { data: { email: "admin@acme.test", password: "demo-password-1" } });
    const bodies = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script") bodies.push(res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${app.base}${path}`, { waitUntil: "networkidle" });
    const scripts = await Promise.all(bodies);
    const raw = scripts.reduce((n, b) => n + b.length, 0) / 1024;
    const gzip = scripts.reduce((n, b) => n + gzipSync(b).length, 0) / 1024;
    console.log(`${path.padEnd(11)} ${String(scripts.length).padStart(7)}  ${raw.toFixed(1).padStart(6)}  ${gzip.toFixed(1).padStart(7)}  ${gzip <= budgetKb ? "ok" : "OVER"} (${budgetKb})`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
process.exit(0);
