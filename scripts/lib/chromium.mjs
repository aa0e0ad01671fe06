// Which Chromium the end-to-end tests and the Lighthouse benchmark drive, in this order:
// PLAYWRIGHT_CHROMIUM_PATH, a Chromium installed on the system, one Playwright downloaded
// earlier, and last the headless Chromium inside the npm package @sparticuz/chromium, so a
// machine with only Node and npm can run every test. Browsers are never downloaded.
import { existsSync } from "node:fs";
import path from "node:path";

/** Flags for a browser driven by tests on a shared machine, with no sandbox helper installed. */
export const BASE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

// The package's flags are made for one page per serverless function. Left out here:
// --single-process, with which the browser dies once a test closes its context (Playwright
// reuses one browser for many tests); the two that would switch off the same-origin and
// mixed-content rules the security tests rely on; and its feature lists, since Chromium keeps
// only the last value of a repeated switch and Playwright passes lists of its own.
/** @param {string} flag */
function suitsTests(flag) {
  if (["--single-process", "--disable-web-security", "--allow-running-insecure-content"].includes(flag)) return false;
  return !flag.startsWith("--disable-features=") && !flag.startsWith("--enable-features=");
}

/**
 * The first of `names` found in the PATH's folders.
 * @param {string[]} names
 * @param {{ pathVariable?: string, exists?: (file: string) => boolean }} [options]
 */
export function findOnPath(names, { pathVariable = process.env.PATH ?? "", exists = existsSync } = {}) {
  for (const name of names) {
    for (const folder of pathVariable.split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(folder, name);
      if (exists(candidate)) return candidate;
    }
  }
  return undefined;
}

async function playwrightDownload() {
  const { chromium } = await import("playwright-core");
  return chromium.executablePath();
}

async function npmChromium() {
  const { default: chromium } = await import("@sparticuz/chromium");
  // Unpacks the browser into the temp folder on first use; later calls find it there.
  return { executablePath: await chromium.executablePath(), args: chromium.args };
}

/**
 * `{ executablePath, args, source }` of the Chromium to use. The lookups are parameters so the
 * order can be tested without the browsers.
 * @param {{
 *   env?: Record<string, string | undefined>,
 *   exists?: (file: string) => boolean,
 *   systemPath?: () => string | undefined,
 *   downloaded?: () => Promise<string>,
 *   fromNpm?: () => Promise<{ executablePath: string, args: string[] }>,
 * }} [lookups]
 * @returns {Promise<{ executablePath: string, args: string[], source: string }>}
 */
export async function resolveChromium({
  env = process.env,
  exists = existsSync,
  systemPath = () => findOnPath(SYSTEM_NAMES, { pathVariable: env.PATH ?? "", exists }),
  downloaded = playwrightDownload,
  fromNpm = npmChromium,
} = {}) {
  const configured = env.PLAYWRIGHT_CHROMIUM_PATH;
  if (configured) {
    if (!exists(configured))
      throw new Error(
        `PLAYWRIGHT_CHROMIUM_PATH is ${configured}, which does not exist. Point it at a Chromium binary, or unset it to use the system's or the npm package's.`,
      );
    return { executablePath: configured, args: BASE_FLAGS, source: "PLAYWRIGHT_CHROMIUM_PATH" };
  }
  const system = systemPath();
  if (system) return { executablePath: system, args: BASE_FLAGS, source: "installed on this system" };
  const download = await downloaded().catch(() => undefined);
  if (download && exists(download))
    return { executablePath: download, args: BASE_FLAGS, source: "downloaded by Playwright" };
  let packaged;
  try {
    packaged = await fromNpm();
  } catch (error) {
    throw new Error(
      `No Chromium found: PLAYWRIGHT_CHROMIUM_PATH is unset, none is installed, and the npm package @sparticuz/chromium could not be unpacked (${error instanceof Error ? error.message : error}). Run \`npm install\`, or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  const args = [...new Set([...BASE_FLAGS, ...packaged.args.filter(suitsTests)])];
  return { executablePath: packaged.executablePath, args, source: "npm package @sparticuz/chromium" };
}

/**
 * One line for the log: which browser this run drives.
 * @param {{ executablePath: string, source: string }} chromium
 */
export function describeChromium({ executablePath, source }) {
  return `Chromium: ${executablePath} (${source})`;
}
