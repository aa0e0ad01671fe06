import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3100";
const baseURL = `http://localhost:${port}`;
const results = process.env.TEST_RESULTS_DIR ?? "test-results";

/**
 * The browser scripts/lib/chromium.mjs chose (PLAYWRIGHT_CHROMIUM_PATH, a system Chromium, or
 * the npm package's). `npm test` resolves it before Playwright starts and passes it in
 * E2E_CHROMIUM, since this file cannot await; run alone, Playwright asks that script here once
 * and its workers inherit the answer.
 */
function chromium(): { executablePath: string; args: string[] } {
  if (!process.env.E2E_CHROMIUM) {
    process.env.E2E_CHROMIUM = execFileSync(process.execPath, [path.join(__dirname, "scripts/chromium.mjs")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  }
  return JSON.parse(process.env.E2E_CHROMIUM);
}

const { executablePath, args } = chromium();
const browser = { ...devices["Desktop Chrome"], launchOptions: { executablePath, args } };
const specFiles = readdirSync(path.join(__dirname, "tests/e2e"))
  .filter((f) => f.endsWith(".spec.ts"))
  .sort();

export default defineConfig({
  testDir: "tests/e2e",
  // Two spec files at a time (E2E_WORKERS to change it), each with an organisation of its own
  // (tests/e2e/team.ts), so neither sees what the other changes; a file's tests run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  // Generous: two spec files share the machine, and a screens test walks many widths and themes.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: `${results}/playwright.json` }]],
  outputDir: `${results}/playwright`,
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // One project per spec file, each its own client address: the server trusts one proxy hop
  // (webServer.env), so per-address throttles count one file's sign-ups and sign-ins, as for one
  // real visitor, instead of the whole run's from one machine.
  projects: specFiles.map((file, i) => ({
    name: file.replace(/\.spec\.ts$/, ""),
    testMatch: file,
    use: { ...browser, extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${i + 1}` } },
  })),
  webServer: {
    // Our production server itself, not an npx wrapper: killing a wrapper would leave it running.
    command: "node scripts/serve.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    // The webhook spec's receiver and the SSO spec's OpenID provider listen on this machine, which
    // production refuses to reach.
    env: { PORT: port, TRUST_PROXY_HOPS: "1", WEBHOOK_ALLOW_PRIVATE_HOSTS: "true", SSO_ALLOW_PRIVATE_HOSTS: "true" },
  },
});
