// `npm run bench:ticket-room [-- --no-build]`: how much of the screen an open ticket gives its
// conversation, at the three widths the screenshots use (1440x900, 1024x768, 390x844). It signs
// in as the demo agent, opens the first ticket of All Open (what needs attention first) and
// measures the box the messages scroll in; on a phone, where the ticket scrolls as one page,
// the screen's height below the fixed bars that the messages can use.
// BENCH_PORT moves the server off 3302.
import { chromium as playwright } from "@playwright/test";
import { seed } from "../scripts/lib/database.mjs";
import { describeChromium, resolveChromium } from "../scripts/lib/chromium.mjs";
import { startProductionServer } from "./lib/server.mjs";

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

const chromium = await resolveChromium();
console.log(describeChromium(chromium));
// The demo organisation is seeded on purpose (its agent signs in), so the server must accept
// its published password.
const app = await startProductionServer({
  port: Number(process.env.BENCH_PORT ?? 3302),
  build: !process.argv.includes("--no-build"),
  env: { ALLOW_DEMO_LOGINS: "true" },
});
await seed(app.databaseUrl);
const browser = await playwright.launch({ executablePath: chromium.executablePath, args: chromium.args });

try {
  console.log("viewport    ticket  conversation px  scrolls");
  for (const viewport of SIZES) {
    const context = await browser.newContext({ viewport, baseURL: app.base });
    const page = await context.newPage();
    const signIn = await page.request.post("/api/login", {
      data: { email: "agent@acme.test", password: "demo-password-1" },
      headers: { origin: app.base },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto("/app#all-open");
    await page.getByRole("heading", { name: "All Open", level: 2 }).waitFor();
    const first = page.locator("[data-ticket-row]").first();
    const number = await first.getAttribute("data-ticket-row");
    await page.goto(`/app?ticket=${number}#all-open`);
    await page.getByRole("region", { name: "Conversation" }).waitFor();
    const room = await page.locator("[data-ticket-scroll]").evaluate((box) => {
      const scrolls = getComputedStyle(box).overflowY !== "visible";
      if (scrolls) return { px: Math.round(box.getBoundingClientRect().height), scrolls: "its own box" };
      // The page scrolls: the screen below the bars that stay at its top (the top bar, "Back to ...").
      const bars = [...document.querySelectorAll("body *")].filter((el) => {
        const { position } = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return (position === "sticky" || position === "fixed") && r.top < 120 && r.width > window.innerWidth / 2;
      });
      const fixed = Math.max(0, ...bars.map((el) => el.getBoundingClientRect().bottom));
      return { px: Math.round(window.innerHeight - fixed), scrolls: "the page" };
    });
    console.log(
      `${`${viewport.width}x${viewport.height}`.padEnd(11)} #${String(number).padEnd(6)} ${String(room.px).padStart(15)}  ${room.scrolls}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
process.exit(0);
