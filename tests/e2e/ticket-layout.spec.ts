import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { addMessages } from "./db";
import { signInAs } from "./helpers";
import { expect, test } from "./team";

// An open ticket gives the conversation the room: its details beside it on a wide pane, folded
// under "Details" on a narrow one, one scrolling page on a phone; a message a colleague sends
// shows up in the conversation as it comes in.

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

type Created = { id: string; ticketNumber: number; subject: string };

async function newTicket(page: Page, subject: string): Promise<Created> {
  const res = await page.request.post("/api/tickets", {
    data: { subject, description: "The export button does nothing.", customerEmail: `layout-${tagOf()}@example.test` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/** A ticket with a conversation longer than any screen, opened from its address. */
async function openLongTicket(page: Page, email: string): Promise<Created> {
  await signInAs(page, email);
  const ticket = await newTicket(page, `Room to read ${tagOf()}`);
  await addMessages(ticket.id, 30);
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  await expect(page.getByRole("article").getByText("Message 30", { exact: true })).toBeVisible();
  return ticket;
}

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Every element from the conversation up that scrolls on its own (the page itself not counted). */
function nestedScrollers(page: Page) {
  return page.getByRole("region", { name: "Conversation" }).evaluate((conversation) => {
    const found: string[] = [];
    for (let el = conversation.parentElement; el && el !== document.body; el = el.parentElement) {
      const { overflowY } = getComputedStyle(el);
      if ((overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight + 1)
        found.push(`${el.tagName} ${el.className}`);
    }
    return found;
  });
}

const closeTicket = async (page: Page, id: string) =>
  expect((await page.request.put(`/api/tickets/${id}`, { data: { status: "closed" } })).ok()).toBe(true);

test.describe("ticket layout", () => {
  test("at 1024 x 768 the conversation scrolls in at least 380 px, the details fold under a button", async ({
    page,
    team,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const ticket = await openLongTicket(page, team.agent.email);
    const scroller = page.locator("[data-ticket-scroll]");
    const { height, scrolls } = await scroller.evaluate((el) => ({
      height: el.clientHeight,
      scrolls: el.scrollHeight > el.clientHeight,
    }));
    expect(scrolls).toBe(true);
    expect(height).toBeGreaterThanOrEqual(380);

    const detail = page.getByRole("article");
    const toggle = detail.getByRole("button", { name: "Details" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(detail.getByRole("combobox", { name: "Status" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(detail.getByRole("combobox", { name: "Status" })).toBeVisible();
    await expect(detail.getByRole("complementary", { name: "Customer" })).toBeAttached();
    await expectNoViolations(page);

    // Folded again, Shift+E (choose a status) unfolds them to open the status.
    await toggle.click();
    await expect(detail.getByRole("combobox", { name: "Status" })).toBeHidden();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Shift+E");
    await expect(page.getByRole("option", { name: "Resolved" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await closeTicket(page, ticket.id);
  });

  test("at 1440 x 900 the details stand beside the conversation and the divider runs the full height", async ({
    page,
    team,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const ticket = await openLongTicket(page, team.agent.email);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("button", { name: "Details" })).toBeHidden();
    const status = (await detail.getByRole("combobox", { name: "Status" }).boundingBox())!;
    const conversation = (await page.locator("[data-ticket-scroll]").boundingBox())!;
    expect(status.x).toBeGreaterThanOrEqual(conversation.x + conversation.width);
    expect(conversation.height).toBeGreaterThanOrEqual(500);

    // A queue of one ticket still draws its divider down to the bottom of the workspace.
    await page.getByRole("region", { name: "Tickets", exact: true }).getByLabel("Search tickets").fill(ticket.subject);
    await expect(page.getByRole("region", { name: "Tickets", exact: true }).getByRole("listitem")).toHaveCount(1);
    const list = (await page.getByRole("region", { name: "Tickets", exact: true }).boundingBox())!;
    expect(list.y + list.height).toBeGreaterThanOrEqual(900 - 1);
    await closeTicket(page, ticket.id);
  });

  test("on a phone the ticket scrolls as one page, with the way back and the reply box in reach", async ({
    page,
    team,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const ticket = await openLongTicket(page, team.agent.email);
    expect(await nestedScrollers(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    // It opens on the newest message, the page scrolled down to it.
    await expect(page.getByRole("article").getByText("Message 30", { exact: true })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const reply = page.getByRole("textbox", { name: "Reply" });
    await reply.scrollIntoViewIfNeeded();
    await expect(reply).toBeInViewport();
    await expect(page.getByRole("button", { name: "Back to All Open" })).toBeInViewport();
    await page.getByRole("article").getByRole("button", { name: "Details" }).click();
    await expect(page.getByRole("article").getByRole("combobox", { name: "Status" })).toBeVisible();
    expect(await nestedScrollers(page)).toEqual([]);
    await expectNoViolations(page);
    await closeTicket(page, ticket.id);
  });
});

/** A second signed-in agent in a browser context of its own (same client address as the project). */
async function agentPage(browser: Browser, email: string): Promise<Page> {
  const { baseURL, extraHTTPHeaders } = test.info().project.use;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, email);
  return page;
}

test("a colleague's reply comes into the open conversation: followed, highlighted, announced", async ({
  browser,
  page,
  team,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const ticket = await openLongTicket(page, team.agent.email);
  const colleague = await agentPage(browser, team.admin.email);
  const conversation = page.getByRole("article").getByRole("region", { name: "Conversation" });
  const say = async (content: string) =>
    expect(
      (
        await colleague.request.post("/api/replies", { data: { ticketId: ticket.id, content, type: "public" } })
      ).status(),
    ).toBe(201);

  // At the newest message: the new one is scrolled to, highlighted and told to screen readers.
  await say("Deployed the fix, please retry.");
  const first = conversation.locator("[data-reply-type]").filter({ hasText: "Deployed the fix, please retry." });
  await expect(first).toBeInViewport();
  await expect(first).toHaveAttribute("data-arrived", "true");
  await expect(page.getByRole("article").getByRole("status").filter({ hasText: "New message from" })).toHaveText(
    `New message from ${team.admin.fullName}`,
  );
  // A message is no "This ticket was updated": it is in the conversation.
  await expect(page.getByText("This ticket was updated")).toHaveCount(0);
  // The highlight goes again by itself.
  await expect(first).not.toHaveAttribute("data-arrived", "true");

  // Reading further up: the new message waits behind a button instead of moving the page.
  await page.locator("[data-ticket-scroll]").evaluate((el) => el.scrollTo({ top: 0 }));
  await say("One more thing: clear the cache.");
  const second = conversation.locator("[data-reply-type]").filter({ hasText: "One more thing: clear the cache." });
  const button = page.getByRole("button", { name: "New message" });
  await expect(button).toBeVisible();
  await expect(second).not.toBeInViewport();
  await button.click();
  await expect(second).toBeInViewport();
  await expect(second).toBeFocused();
  await expect(button).toHaveCount(0);

  // A change that is not a message still raises the banner.
  expect((await colleague.request.put(`/api/tickets/${ticket.id}`, { data: { priority: "urgent" } })).ok()).toBe(true);
  await expect(page.getByText("This ticket was updated")).toBeVisible();
  await closeTicket(page, ticket.id);
  await colleague.context().close();
});

test("with reduced motion the new message's highlight does not fade", async ({ browser, page, team }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1440, height: 900 });
  const ticket = await openLongTicket(page, team.agent.email);
  const colleague = await agentPage(browser, team.admin.email);
  expect(
    (
      await colleague.request.post("/api/replies", {
        data: { ticketId: ticket.id, content: "Quiet arrival", type: "public" },
      })
    ).status(),
  ).toBe(201);
  const arrived = page.locator("[data-arrived]").filter({ hasText: "Quiet arrival" });
  await expect(arrived).toBeInViewport();
  expect(await arrived.evaluate((el) => getComputedStyle(el).transitionProperty)).toBe("none");
  await closeTicket(page, ticket.id);
  await colleague.context().close();
});
