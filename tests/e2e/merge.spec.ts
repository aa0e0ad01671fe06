import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSidewaysScroll, latestMailTo, SCREEN_SIZES, signInAs, toastText, uniqueEmail } from "./helpers";
import { asPortal, plantPortalSession } from "./portal-session";
import { expect, test } from "./team";

// Duplicates in a day of queue work: an agent merges a customer's second ticket into the first,
// answers on the survivor, and finds the merged one pointing at it; related tickets show both ways.

type Created = { id: string; ticketNumber: number; subject: string };

// Screenshots of the merge, link and split screens: SHOTS_DIR, else test-results/screens.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

async function newTicket(page: Page, subject: string, description: string, customerEmail: string) {
  const res = await page.request.post("/api/tickets", { data: { subject, description, customerEmail } });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

async function open(page: Page, ticket: Created) {
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();
  return detail;
}

test.describe("merge and links", () => {
  test.beforeEach(async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test("merge two tickets, reply on the survivor, and the merged one links to it", async ({ page }) => {
    const tag = tagOf();
    const customerEmail = uniqueEmail("merge");
    const survivor = await newTicket(page, `Kettle missing ${tag}`, "My kettle never arrived.", customerEmail);
    const dupe = await newTicket(page, `Where is my kettle ${tag}`, `Writing again about it ${tag}.`, customerEmail);

    const detail = await open(page, dupe);
    await detail.getByRole("button", { name: "Merge into..." }).click();
    const dialog = page.getByRole("dialog", { name: `Merge #${dupe.ticketNumber} into another ticket` });
    await dialog.getByRole("textbox", { name: "Find a ticket" }).fill(`Kettle missing ${tag}`);
    await dialog.getByRole("button", { name: new RegExp(`#${survivor.ticketNumber} Kettle missing`) }).click();
    await expect(dialog).toContainText(`#${dupe.ticketNumber} will be closed`);
    await dialog.getByRole("button", { name: `Merge into #${survivor.ticketNumber}` }).click();
    await expect(toastText(page, "Tickets merged")).toBeVisible();

    // The survivor opens, with the duplicate's message in its conversation.
    const kept = page.getByRole("article", { name: `Ticket #${survivor.ticketNumber}` });
    const conversation = kept.getByRole("region", { name: "Conversation" });
    await expect(conversation).toContainText(`Writing again about it ${tag}.`);
    await expect(kept.locator("[data-ticket-relations]")).toContainText(`#${dupe.ticketNumber}`);
    const reply = kept.getByRole("textbox", { name: "Reply" });
    await reply.fill(`Both questions answered here ${tag}`);
    await kept.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect
      .poll(() => latestMailTo(customerEmail, new RegExp(`Both questions answered here ${tag}`)), { timeout: 10_000 })
      .toBeTruthy();

    // The merged ticket is closed and says where it went.
    const merged = await open(page, dupe);
    const banner = merged.locator("[data-merged-banner]");
    await expect(banner).toContainText(`Merged into #${survivor.ticketNumber}`);
    await expect(merged.getByRole("region", { name: "Conversation" })).toContainText(
      `Merged into #${survivor.ticketNumber}`,
    );
    await banner.getByRole("button", { name: `#${survivor.ticketNumber}` }).click();
    await expect(page.getByRole("article", { name: `Ticket #${survivor.ticketNumber}` })).toBeVisible();
  });

  test("a linked ticket is shown on both, and can be unlinked", async ({ page }) => {
    const tag = tagOf();
    const a = await newTicket(page, `Outage A ${tag}`, "Nothing loads.", uniqueEmail("link"));
    const b = await newTicket(page, `Outage B ${tag}`, "Down for us too.", uniqueEmail("link"));
    const detail = await open(page, a);
    await detail.getByRole("button", { name: "Link ticket" }).click();
    const dialog = page.getByRole("dialog", { name: `Link a ticket to #${a.ticketNumber}` });
    await dialog.getByRole("textbox", { name: "Find a ticket" }).fill(`Outage B ${tag}`);
    await dialog.getByRole("button", { name: new RegExp(`#${b.ticketNumber} Outage B`) }).click();
    await expect(toastText(page, "Ticket linked")).toBeVisible();
    await expect(detail.locator("[data-ticket-relations]")).toContainText(`Outage B ${tag}`);

    const other = await open(page, b);
    const relations = other.locator("[data-ticket-relations]");
    await expect(relations).toContainText(`Outage A ${tag}`);
    await relations.getByRole("button", { name: `Unlink ticket #${a.ticketNumber}` }).click();
    await expect(relations).toContainText("No related tickets");
  });

  test("split a customer's message into a new ticket and open it", async ({ page, browser, team }) => {
    const tag = tagOf();
    const customerEmail = uniqueEmail("split");
    const ticket = await newTicket(page, `Two questions ${tag}`, "Where is my order?", customerEmail);
    const other = await newTicket(page, `Same order ${tag}`, "Also about the order.", uniqueEmail("split"));
    // The customer writes a second, different question on the same ticket (through the portal).
    const customer = await browser.newContext();
    const slug = team.organization.slug;
    await plantPortalSession(customer, test.info().project.use.baseURL!, slug, customerEmail);
    const written = await customer.request.post("/api/replies", {
      headers: asPortal(slug),
      data: { ticketId: ticket.id, content: `Also, can I change my address? ${tag}`, type: "public" },
    });
    expect(written.status()).toBe(201);
    await customer.close();

    const detail = await open(page, ticket);
    const conversation = detail.getByRole("region", { name: "Conversation" });
    const message = conversation.locator("[data-reply-type=public]").filter({ hasText: `change my address? ${tag}` });
    // The related-ticket panel and the split button, as an agent sees them, with a linked ticket.
    await detail.getByRole("button", { name: "Link ticket" }).click();
    const linking = page.getByRole("dialog", { name: `Link a ticket to #${ticket.ticketNumber}` });
    await linking.getByRole("textbox", { name: "Find a ticket" }).fill(`Same order ${tag}`);
    await linking.getByRole("button", { name: new RegExp(`#${other.ticketNumber} Same order`) }).click();
    await expect(detail.locator("[data-ticket-relations]")).toContainText(`Same order ${tag}`);
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        await page.reload();
        await expect(message).toBeVisible();
        await message.scrollIntoViewIfNeeded();
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: path.join(SHOTS, `split-message-${size.width}-${theme}.png`) });
        await message.getByRole("button", { name: "Split into a new ticket" }).click();
        const asking = page.getByRole("alertdialog", { name: "Split into a new ticket?" });
        await expect(asking).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `split-confirm-${size.width}-${theme}.png`) });
        await asking.getByRole("button", { name: "Cancel" }).click();
      }
    }
    // The merge dialog with a ticket found, light and dark, at the width that shows the details beside.
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
      await page.reload();
      await detail.getByRole("button", { name: "Merge into..." }).click();
      const merging = page.getByRole("dialog", { name: `Merge #${ticket.ticketNumber} into another ticket` });
      await merging.getByRole("textbox", { name: "Find a ticket" }).fill(`Same order ${tag}`);
      await expect(
        merging.getByRole("button", { name: new RegExp(`#${other.ticketNumber} Same order`) }),
      ).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `merge-dialog-1440-${theme}.png`) });
      await page.keyboard.press("Escape");
      await expect(merging).toHaveCount(0);
    }

    await message.getByRole("button", { name: "Split into a new ticket" }).click();
    await page
      .getByRole("alertdialog", { name: "Split into a new ticket?" })
      .getByRole("button", { name: "Split" })
      .click();
    await expect(toastText(page, "Ticket created")).toBeVisible();
    // The new ticket opens, holding the message; the old one no longer does.
    const created = page.getByRole("article").filter({
      has: page.getByRole("heading", { name: `Two questions ${tag} (split)` }),
    });
    await expect(created.getByRole("region", { name: "Conversation" })).toContainText(`change my address? ${tag}`);
    const fresh = await open(page, ticket);
    await expect(fresh.getByRole("region", { name: "Conversation" })).not.toContainText(`change my address? ${tag}`);
  });
});
