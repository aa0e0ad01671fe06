import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { addMessages } from "./db";
import {
  codeFromMail,
  expectNoSidewaysScroll,
  latestMailTo,
  openInTheme,
  SCREEN_SIZES,
  signInAs,
  toastText,
  uniqueEmail,
} from "./helpers";
import { asPortal, plantPortalSession, portalCookieName } from "./portal-session";
import { expect, test, type Team } from "./team";

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * A customer's ticket with 65 messages after the opening one (52 public, 13 internal notes), opened
 * in the portal with a planted session: the conversation region of its detail.
 */
async function openLongPortalConversation(browser: Browser, team: Team, theme: "light" | "dark" = "light") {
  const email = uniqueEmail("portal-long");
  const staff = await browser.newPage();
  await signInAs(staff, team.agent.email);
  const subject = `Long thread ${Date.now()}`;
  const res = await staff.request.post("/api/tickets", {
    data: { subject, description: "It keeps rebooting.", customerEmail: email, customerName: "Robin" },
  });
  expect(res.status()).toBe(201);
  await addMessages(((await res.json()) as { id: string }).id, 65);
  await staff.close();

  const page = await browser.newPage();
  await openInTheme(page, theme);
  await plantPortalSession(page.context(), test.info().project.use.baseURL!, team.organization.slug, email);
  await page.goto(`/portal?org=${team.organization.slug}`);
  await page.getByRole("button", { name: new RegExp(subject) }).click();
  return { page, conversation: page.getByRole("region", { name: "Conversation" }) };
}

test.describe("customer portal", () => {
  test("without an organisation in the link (several exist) it asks for the team's link", async ({ page }) => {
    await page.goto("/portal");
    await expect(page.getByRole("heading", { name: "Portal not found" })).toBeVisible();
  });

  test("gate, list, create, detail, reply, resolved view, logout", async ({ page, browser, team }) => {
    const email = uniqueEmail("portal");
    await page.goto(`/portal?org=${team.organization.slug}`);
    await expect(page.getByRole("heading", { name: team.organization.name })).toBeVisible();
    await expectNoViolations(page);

    // Email gate: the code comes by email.
    await page.getByRole("button", { name: "Access Portal" }).click();
    await expect(toastText(page, "Please enter your email address")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Access Portal" }).click();
    await expect(page.getByText(`We sent an 8-digit code to ${email}`)).toBeVisible();
    const code = await codeFromMail(email);
    await page.getByLabel("Access code").fill(code === "00000000" ? "11111111" : "00000000");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(toastText(page, "Access failed")).toBeVisible();
    await expect(toastText(page, "That code is not correct. Please check your email and try again.")).toBeVisible();
    await page.getByLabel("Access code").fill(code);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(toastText(page, "Access granted")).toBeVisible();

    // List (empty), then create.
    await expect(page.getByText("No tickets yet")).toBeVisible();
    await page.getByRole("button", { name: "New Ticket" }).click();
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "All fields required")).toBeVisible();
    await expect(toastText(page, "Please fill in both subject and description")).toBeVisible();
    const subject = `Blender makes noise ${Date.now()}`;
    await page.getByLabel("Subject").fill(subject);
    await page
      .getByLabel("Description")
      .fill("It rattles on every speed.\nSince Monday.\nThird line that the list hides.");
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await expect(toastText(page, "Ticket created")).toBeVisible();

    // Detail and reply.
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: subject })).toBeVisible();
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Please enter a reply message")).toBeVisible();
    await page.getByLabel("Your reply").fill("Adding a video link soon.");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(detail.getByText("Adding a video link soon.")).toBeVisible();

    // The list shows the ticket with its date and status.
    await page.getByRole("button", { name: "Back to tickets" }).click();
    const item = page.getByRole("button", { name: new RegExp(subject) });
    await expect(item).toContainText("Open");
    await expect(item).toContainText(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(item.locator(".line-clamp-2")).toBeVisible();
    await expectNoViolations(page);

    // The customer was told by email that the ticket was received.
    await expect
      .poll(() => latestMailTo(email, /opened ticket/) ?? "")
      .toContain(`/portal?org=${team.organization.slug}`);

    // An agent answers publicly, adds a note and resolves the ticket.
    const slug = team.organization.slug;
    const session = (await page.context().cookies()).find((c) => c.name === portalCookieName(slug))!;
    const mine = await page.request.get("/api/portal/tickets", { headers: asPortal(slug) });
    const ticketId = ((await mine.json()) as { id: string; subject: string }[]).find((t) => t.subject === subject)!.id;
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signInAs(agent, team.agent.email);
    expect(
      (
        await agent.request.post("/api/replies", {
          data: { ticketId, content: "Please send us the serial number.", type: "public" },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await agent.request.post("/api/replies", {
          data: { ticketId, content: "Known defect batch 7", type: "internal" },
        })
      ).status(),
    ).toBe(201);
    expect((await agent.request.put(`/api/tickets/${ticketId}`, { data: { status: "resolved" } })).status()).toBe(200);
    await agentContext.close();
    await expect
      .poll(() => latestMailTo(email, /replied to your ticket/) ?? "")
      .toContain("Please send us the serial number.");

    // The resolved ticket hides the reply form and points to a new ticket; notes stay hidden.
    await page.reload();
    await page.getByRole("button", { name: new RegExp(subject) }).click();
    await expect(page.getByText("This ticket has been resolved.")).toBeVisible();
    await expect(page.getByText("If you need further help, please create a new ticket.")).toBeVisible();
    await expect(page.getByLabel("Your reply")).toHaveCount(0);
    await expect(page.getByText("Please send us the serial number.")).toBeVisible();
    await expect(page.getByText(/^Support ·/)).toBeVisible();
    await expect(page.getByText("Known defect batch 7")).toHaveCount(0);
    await expectNoViolations(page);

    // Logout ends the session here and on the server.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Access Portal" })).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(portalCookieName(slug));
    await page.context().addCookies([session]);
    const refused = await page.request.get("/api/portal/tickets", { headers: asPortal(slug) });
    expect(refused.status()).toBe(401);
  });

  test("a long conversation shows the newest 50 public messages, and the earlier ones above on asking", async ({
    browser,
    team,
  }) => {
    const { conversation } = await openLongPortalConversation(browser, team);
    const messages = conversation.locator("[data-author]");
    const earlier = conversation.getByRole("button", { name: "Show earlier messages" });
    await expect(messages).toHaveCount(50);
    await expect(messages.first().getByText("Message 3", { exact: true })).toBeVisible();
    await expect(messages.last().getByText("Message 64", { exact: true })).toBeVisible();
    await earlier.click();
    await expect(messages).toHaveCount(52);
    await expect(messages.first().getByText("Message 1", { exact: true })).toBeVisible();
    await expect(earlier).toHaveCount(0);
    // Internal notes never reach the portal, on any page.
    await expect(conversation.getByText("Message 5", { exact: true })).toHaveCount(0);
  });
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`a long portal conversation at ${size.width} px, ${theme}: the earlier messages' button fits`, async ({
      browser,
      team,
    }) => {
      const { page, conversation } = await openLongPortalConversation(browser, team, theme);
      await page.setViewportSize(size);
      const more = conversation.getByRole("button", { name: "Show earlier messages" });
      await more.scrollIntoViewIfNeeded();
      await expect(more).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `portal-conversation-earlier-${size.width}-${theme}.png`) });
    });
  }
}
