import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { latestMailTo, SCREEN_SIZES, showTicketDetails, signInAs, openInTheme } from "./helpers";
import { expect, test } from "./team";

// Customer satisfaction end to end: an agent resolves a ticket, the customer opens the Good
// link of the captured "How did we do?" mail (no sign-in), adds a comment and sends it; the
// agent's open ticket shows the rating by itself (live update), and the dashboard and Admin >
// Agents count it. Then the screens at the widths people use, light and dark.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const tag = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

async function resolvedTicketFor(page: Page, customer: string, subject: string) {
  const me = (await (await page.request.get("/api/auth/check")).json()) as { user: { id: string } };
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: "The kettle leaks.", customerEmail: customer, assignedTo: me.user.id },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; ticketNumber: number };
}

/** Waits for the "How did we do?" mail to `to` and returns its link for `score`. */
async function ratingLink(to: string, score: "good" | "bad"): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = latestMailTo(to, /How did we do\?/)?.match(new RegExp(`https?://\\S*/rate/\\S*score=${score}`))?.[0]),
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

async function expectNoViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a customer rates a resolved ticket from the emailed link; the agent sees it on the ticket and the dashboard", async ({
  page,
  browser,
  team,
}) => {
  const t = tag();
  const customer = `rater-${t}@example.test`;
  const subject = `Kettle leaks ${t}`;
  await signInAs(page, team.agent.email);
  const ticket = await resolvedTicketFor(page, customer, subject);

  // The agent resolves it in the workspace and keeps it open.
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
  await detail.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Resolved" }).click();
  await expect(detail.getByRole("combobox", { name: "Status" })).toHaveText("Resolved");

  // The customer follows the mail's Good link in a browser of their own, signed in nowhere.
  const good = await ratingLink(customer, "good");
  const customerContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.40" } });
  const visitor = await customerContext.newPage();
  await visitor.goto(good);
  await expect(visitor.getByRole("heading", { name: "How did we do?" })).toBeVisible();
  await expect(visitor.getByText(`Ticket #${ticket.ticketNumber}: ${subject}`)).toBeVisible();
  // Opening the link recorded nothing: the choice is made, one click sends it.
  await expect(visitor.getByRole("button", { name: "Good" })).toHaveAttribute("aria-pressed", "true");
  await expect(detail.getByRole("region", { name: "Customer rating" })).toHaveCount(0);
  await expectNoViolations(visitor);
  await visitor.getByLabel("Comment (optional)").fill("Fixed the same day, thank you!");
  await visitor.getByRole("button", { name: "Send rating" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Thank you" })).toContainText(
    "Thank you for your feedback! You rated this ticket Good.",
  );
  await expect(visitor.getByRole("button", { name: "Update rating" })).toBeVisible();
  await expectNoViolations(visitor);
  await customerContext.close();

  // The agent's open ticket shows it without a reload, and its history tells it.
  const rating = detail.getByRole("region", { name: "Customer rating" });
  await expect(rating).toContainText("Good");
  await expect(rating).toContainText("Fixed the same day, thank you!");
  await expect(detail.getByRole("region", { name: "History" })).toContainText("rated this ticket Good");

  await page.goto("/app#dashboard");
  const card = page.getByRole("region", { name: "Customer satisfaction" });
  await expect(card).toContainText("Customer satisfaction, last 30 days");
  await expect(card.getByTestId("satisfaction-percent")).toHaveText(/^\d+% good$/);

  await signInAs(page, team.admin.email);
  await page.goto("/admin#agents");
  const sam = page.getByRole("table", { name: "Agents" }).getByRole("row").filter({ hasText: team.agent.fullName });
  await expect(sam.getByRole("cell").nth(4)).not.toHaveText("0");
  await expect(sam.getByRole("cell").nth(5)).toHaveText(/^\d+%$/);
});

test("the rating page, the ticket's rating and Admin > Agents fit every width, light and dark", async ({
  page,
  browser,
  team,
}) => {
  test.setTimeout(120_000);
  const t = tag();
  const customer = `shots-${t}@example.test`;
  await signInAs(page, team.admin.email);
  const ticket = await resolvedTicketFor(page, customer, `Screens of a rating ${t}`);
  expect((await page.request.put(`/api/tickets/${ticket.id}`, { data: { status: "resolved" } })).status()).toBe(200);
  const bad = await ratingLink(customer, "bad");

  for (const theme of ["light", "dark"] as const) {
    for (const size of SCREEN_SIZES) {
      const name = `${size.width}-${theme}`;
      const context = await browser.newContext({
        viewport: size,
        extraHTTPHeaders: { "x-forwarded-for": "203.0.113.41" },
      });
      await openInTheme(context, theme);
      const visitor = await context.newPage();
      await visitor.goto(bad);
      await expect(visitor.getByRole("heading", { name: "How did we do?" })).toBeVisible();
      await visitor.getByLabel("Comment (optional)").fill(`The fix took two days (${name}).`);
      await visitor.getByRole("button", { name: /Send rating|Update rating/ }).click();
      await expect(visitor.getByRole("status").filter({ hasText: "Thank you" })).toContainText(
        "Thank you for your feedback!",
      );
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await visitor.screenshot({ path: path.join(SHOTS, `rating-page-${name}.png`), fullPage: true });
      await context.close();

      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
      await showTicketDetails(page);
      const rating = page.getByRole("article").getByRole("region", { name: "Customer rating" });
      await expect(rating).toContainText(`The fix took two days (${name}).`);
      await rating.scrollIntoViewIfNeeded();
      await expect(rating).toBeInViewport();
      await page.screenshot({ path: path.join(SHOTS, `ticket-rating-${name}.png`) });

      await page.goto("/admin#agents");
      await expect(page.getByRole("table", { name: "Agents" })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Rated (30 days)" })).toBeAttached();
      // The table scrolls inside its card; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `admin-agents-${name}.png`), fullPage: true });

      await page.goto("/app#dashboard");
      const card = page.getByRole("region", { name: "Customer satisfaction" });
      await expect(card.getByTestId("satisfaction-percent")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `dashboard-satisfaction-${name}.png`) });
    }
  }
  await expectNoViolations(page, "main");
});
