// Prints the Chromium to use (scripts/lib/chromium.mjs) as JSON on stdout: for callers that
// cannot await, such as playwright.config.ts when Playwright is started without `npm test`.
import { describeChromium, resolveChromium } from "./lib/chromium.mjs";

try {
  const chromium = await resolveChromium();
  console.error(describeChromium(chromium));
  process.stdout.write(JSON.stringify(chromium));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
