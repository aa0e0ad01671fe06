import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import type { Browser, Page } from "@playwright/test";
import { expectNoSidewaysScroll, openInTheme, SCREEN_SIZES, signInAs, toastText, uniqueEmail } from "./helpers";
import { PrismaClient } from "@/generated/prisma/client";
import { seedDemoKnowledgeBase } from "@/prisma/seed/demo-kb";
import { plantPortalSession } from "./portal-session";
import { expect, test, type Team } from "./team";

// Deflection: a customer starting a portal ticket is offered the help center's articles for the
// subject. One who opens the demo article and leaves counts as a deflection in the knowledge
// base's insights; one who opens it and sends the ticket anyway does not.

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const SUBJECT = "How do I reset my password?";

type Insights = { deflections: number; suggestionOpens: number };

/** The knowledge base's 30-day insights, as the team's agent reads them. */
async function insights(browser: Browser, team: Team): Promise<Insights> {
  const staff = await browser.newPage();
  try {
    await signInAs(staff, team.agent.email);
    const res = await staff.request.get("/api/kb/insights");
    expect(res.status()).toBe(200);
    return (await res.json()) as Insights;
  } finally {
    await staff.close();
  }
}

/** A new customer signed in to the team's portal, on the new ticket form. */
async function startTicket(page: Page, team: Team) {
  await plantPortalSession(
    page.context(),
    test.info().project.use.baseURL!,
    team.organization.slug,
    uniqueEmail("deflect"),
  );
  await page.goto(`/portal?org=${team.organization.slug}`);
  await page.getByRole("button", { name: "New Ticket" }).click();
  await expect(page.getByRole("heading", { name: "Create New Ticket" })).toBeVisible();
}

const suggestions = (page: Page) => page.getByRole("region", { name: "These articles may answer your question" });
const demoArticle = (page: Page) => suggestions(page).getByRole("link", { name: /Reset your password/ });

/** Opens the suggested demo article (click or keyboard): its page in a new tab, and the open recorded. */
async function openDemoArticle(page: Page, how: "click" | "keyboard") {
  const recorded = page.waitForResponse(
    (res) => res.url().includes("/suggestions/opens") && res.request().method() === "POST",
  );
  const tab = page.context().waitForEvent("page");
  if (how === "click") await demoArticle(page).click();
  else {
    await page.getByLabel("Subject").focus();
    await page.keyboard.press("Tab");
    await expect(demoArticle(page)).toBeFocused();
    await page.keyboard.press("Enter");
  }
  const article = await tab;
  await article.waitForLoadState();
  expect(new URL(article.url()).pathname).toMatch(/^\/help\/[a-z0-9-]+\/articles\/[a-z0-9-]+$/);
  await expect(article.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  expect((await recorded).status()).toBe(201);
  return article;
}

test.describe("answers before tickets", () => {
  // The spec's own team gets the demo's knowledge base (its help center is on, as the demo's is).
  test.beforeAll(async ({ team }) => {
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });
    try {
      const org = await db.organization.findUniqueOrThrow({ where: { slug: team.organization.slug } });
      await seedDemoKnowledgeBase(db, org.id, new Date());
    } finally {
      await db.$disconnect();
    }
  });

  test("a customer who opens the suggested article and leaves counts as a deflection", async ({
    page,
    browser,
    team,
  }) => {
    const before = await insights(browser, team);
    await startTicket(page, team);
    // Nothing for a subject too short to mean anything.
    await page.getByLabel("Subject").fill("re");
    await expect(suggestions(page)).toHaveCount(0);
    await page.getByLabel("Subject").fill(SUBJECT);
    // The best match first; never more than three.
    await expect(suggestions(page).getByRole("link").first()).toHaveAccessibleName(/^Reset your password/);
    expect(await suggestions(page).getByRole("link").count()).toBeLessThanOrEqual(3);
    await expect(demoArticle(page)).toHaveAttribute("target", "_blank");
    const { violations } = await new AxeBuilder({ page }).include("form").analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    const article = await openDemoArticle(page, "click");
    // The customer has their answer: they close both tabs without sending anything.
    await article.close();
    await page.close();
    const after = await insights(browser, team);
    expect(after.suggestionOpens).toBe(before.suggestionOpens + 1);
    expect(after.deflections).toBe(before.deflections + 1);
  });

  test("another customer who opens it and sends the ticket anyway is not counted", async ({ page, browser, team }) => {
    const before = await insights(browser, team);
    await startTicket(page, team);
    await page.getByLabel("Subject").fill(SUBJECT);
    await expect(demoArticle(page)).toBeVisible();
    const article = await openDemoArticle(page, "keyboard");
    await article.close();
    await page.getByLabel("Description").fill("I reset it but the link says it expired.");
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Ticket created")).toBeVisible();
    const after = await insights(browser, team);
    expect(after.suggestionOpens).toBe(before.suggestionOpens + 1);
    expect(after.deflections).toBe(before.deflections);
  });

  test("the new ticket form with suggestions at 1440, 1024 and 390 px, light and dark", async ({ browser, team }) => {
    test.setTimeout(120_000);
    for (const theme of ["light", "dark"] as const) {
      for (const size of SCREEN_SIZES) {
        const context = await browser.newContext({ viewport: size });
        await openInTheme(context, theme);
        const page = await context.newPage();
        await startTicket(page, team);
        await page.getByLabel("Subject").fill("password");
        await expect(suggestions(page).getByRole("link")).toHaveCount(3);
        await expectNoSidewaysScroll(page);
        await page.screenshot({
          path: path.join(SHOTS, `portal-suggestions-${size.width}-${theme}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  });
});
