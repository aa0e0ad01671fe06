import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3100";
const baseURL = `http://localhost:${port}`;
const results = process.env.TEST_RESULTS_DIR ?? "test-results";

/**
 * Chromium from PLAYWRIGHT_CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's
 * own download if one exists. Browser downloads are impossible here, so say how to get one.
 */
function chromiumPath(): string | undefined {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bundled = (require("playwright-core") as typeof import("playwright-core")).chromium.executablePath();
  if (existsSync(bundled)) return undefined;
  throw new Error(
    "No Chromium found. Install one (Debian: `apt-get install -y chromium`) or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.",
  );
}

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};
const specFiles = readdirSync(path.join(__dirname, "tests/e2e")).filter((f) => f.endsWith(".spec.ts")).sort();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
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
    env: { PORT: port, TRUST_PROXY_HOPS: "1" },
  },
});
