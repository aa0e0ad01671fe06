import type { Browser, Page } from "@playwright/test";
import { codeFromMail, signInAs, uniqueEmail } from "./helpers";
import { plantPortalSession, portalCookieName } from "./portal-session";
import { expect, test, type Team } from "./team";

/**
 * Links from the customer's mail, `/portal?org=<slug>&ticket=<number>`: the portal remembers the
 * customer in a cookie for the session's lifetime, so the link opens the ticket itself.
 */

/** A ticket an agent opened for `email`, with one public answer; its number and subject. */
async function ticketFor(browser: Browser, team: Team, email: string) {
  const staff = await browser.newPage();
  await signInAs(staff, team.agent.email);
  const subject = `Router keeps dropping ${Date.now()}`;
  const res = await staff.request.post("/api/tickets", {
    data: { subject, description: "Every evening at eight.", customerEmail: email, customerName: "Robin" },
  });
  expect(res.status()).toBe(201);
  const ticket = (await res.json()) as { id: string; ticketNumber: number };
  const answered = await staff.request.post("/api/replies", {
    data: { ticketId: ticket.id, content: "Please try another channel.", type: "public" },
  });
  expect(answered.status()).toBe(201);
  await staff.close();
  return { ...ticket, subject };
}

async function signInWithCode(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Access Portal" }).click();
  await page.getByLabel("Access code").fill(await codeFromMail(email));
  await page.getByRole("button", { name: "Verify Code" }).click();
}

const linkTo = (team: Team, ticketNumber: number) => `/portal?org=${team.organization.slug}&ticket=${ticketNumber}`;

test.describe("portal links from mail", () => {
  test("after signing in, a mail link opened in a new tab shows the ticket without asking for a code", async ({
    page,
    browser,
    team,
  }) => {
    const email = uniqueEmail("portal-tab");
    const ticket = await ticketFor(browser, team, email);
    await page.goto(`/portal?org=${team.organization.slug}`);
    await signInWithCode(page, email);
    await expect(page.getByRole("heading", { name: "My Tickets" })).toBeVisible();
    // The session is a cookie the page's scripts cannot read.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === portalCookieName(team.organization.slug));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api" });
    expect(await page.evaluate(() => document.cookie)).not.toContain(session!.value);

    const tab = await page.context().newPage();
    await tab.goto(linkTo(team, ticket.ticketNumber));
    const detail = tab.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
    await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();
    await expect(tab.getByRole("button", { name: "Access Portal" })).toHaveCount(0);
    await expect(detail.getByText("Please try another channel.")).toBeVisible();
  });

  test("in a fresh browser the link asks for a code, then opens that ticket; Back and reload keep the view", async ({
    browser,
    team,
  }) => {
    const email = uniqueEmail("portal-link");
    const ticket = await ticketFor(browser, team, email);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(linkTo(team, ticket.ticketNumber));
    await expect(page.getByRole("button", { name: "Access Portal" })).toBeVisible();
    await signInWithCode(page, email);
    const detail = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
    await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]ticket=${ticket.ticketNumber}(&|$)`));

    await page.getByRole("button", { name: "Back to tickets" }).click();
    await expect(page.getByRole("heading", { name: "My Tickets" })).toBeVisible();
    await expect(page).not.toHaveURL(/ticket=/);
    await page.goBack();
    await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();
    await page.reload();
    await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: "My Tickets" })).toBeVisible();
    await page.getByRole("button", { name: new RegExp(ticket.subject) }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]ticket=${ticket.ticketNumber}(&|$)`));
    await context.close();
  });

  test("another customer's ticket number shows the portal's not-found message", async ({ browser, team, baseURL }) => {
    const ticket = await ticketFor(browser, team, uniqueEmail("portal-owner"));
    const context = await browser.newContext();
    await plantPortalSession(context, baseURL!, team.organization.slug, uniqueEmail("portal-stranger"));
    const page = await context.newPage();
    await page.goto(linkTo(team, ticket.ticketNumber));
    await expect(page.getByText("Ticket not found")).toBeVisible();
    await expect(page.getByText(ticket.subject)).toHaveCount(0);
    await expect(page.getByText("Please try another channel.")).toHaveCount(0);
    await context.close();
  });

  test("messages show the time they were written, not only the day", async ({ browser, team, baseURL }) => {
    const email = uniqueEmail("portal-time");
    const ticket = await ticketFor(browser, team, email);
    const context = await browser.newContext({ locale: "en-US", timezoneId: "America/New_York" });
    await plantPortalSession(context, baseURL!, team.organization.slug, email);
    const page = await context.newPage();
    await page.goto(linkTo(team, ticket.ticketNumber));
    const conversation = page.getByRole("region", { name: "Conversation" });
    const answer = conversation.locator("[data-author]").filter({ hasText: "Please try another channel." });
    const written = await page.request.get(`/api/portal/tickets/${ticket.ticketNumber}`, {
      headers: { "X-Portal-Org": team.organization.slug },
    });
    expect(written.status()).toBe(200);
    // The customer's own clock: New York time, in their language's way of writing it.
    const shown = (iso: string) =>
      new Intl.DateTimeFormat("en-US", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "America/New_York",
      }).format(new Date(iso));
    const opened = ((await written.json()) as { createdAt: string }).createdAt;
    await expect(conversation.locator("[data-author]").first()).toBeVisible();
    await expect(conversation.getByText(`You · ${shown(opened)}`)).toBeVisible();
    await expect(answer.getByText(/· [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();
    await context.close();
  });
});
