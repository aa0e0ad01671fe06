import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { latestMailTo, signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

// The reply box through a day of queue work: a note and a reply never mixed up (the note's
// box says who sees it and the box goes back to replying after it), a draft for each kind that
// survives a reload, Ctrl/Cmd+Enter to send as the button says, Esc to hand the keys back to
// the shortcuts, and a box that stays small until it is used.

type Created = { id: string; ticketNumber: number; subject: string };

const tagOf = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

async function openNewTicket(page: Page, customerEmail = uniqueEmail("reply")) {
  const tag = tagOf();
  const res = await page.request.post("/api/tickets", {
    data: { subject: `Reply box ${tag}`, description: "The export button does nothing.", customerEmail },
  });
  expect(res.status()).toBe(201);
  const ticket = (await res.json()) as Created;
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  await expect(detail.getByRole("heading", { name: ticket.subject })).toBeVisible();
  return { ticket, detail, customerEmail, tag };
}

const statusOf = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/tickets/detail/${id}`)).json()) as { status: string }).status;

/** Leaves every field, as an agent does after clicking somewhere neutral. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test.describe("reply box", () => {
  test.beforeEach(async ({ page, team }) => {
    await signInAs(page, team.agent.email);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test("after a note the box is back to replying, and the customer receives the reply", async ({ page }) => {
    const { ticket, detail, customerEmail, tag } = await openNewTicket(page);
    const conversation = detail.getByRole("region", { name: "Conversation" });

    // n writes a note: the box itself says so.
    await blur(page);
    await page.keyboard.press("n");
    const note = detail.getByRole("textbox", { name: "Internal note" });
    await expect(note).toBeFocused();
    await expect(detail.getByRole("tab", { name: "Internal note" })).toHaveAttribute("aria-selected", "true");
    await expect(detail.getByText("Only your team sees this")).toBeVisible();
    await expect(note).toHaveAccessibleDescription(/Only your team sees this/);
    await expect(detail.locator("#reply-panel")).toHaveAttribute("data-reply-kind", "internal");
    const { violations } = await new AxeBuilder({ page }).include("article").analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    await note.fill(`Checked the logs ${tag}`);
    await detail.getByRole("button", { name: "Add Note" }).click();
    await expect(toastText(page, "Note added")).toBeVisible();
    await expect(conversation.locator('[data-reply-type="internal"]')).toContainText(`Checked the logs ${tag}`);

    // Back to a reply by itself: the next answer is one the customer sees.
    await expect(detail.getByRole("tab", { name: "Reply" })).toHaveAttribute("aria-selected", "true");
    await expect(detail.getByText("Only your team sees this")).toHaveCount(0);
    const reply = detail.getByRole("textbox", { name: "Reply" });
    await expect(reply).toHaveValue("");
    await reply.fill(`The fix ships today ${tag}`);
    await detail.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(conversation.locator('[data-reply-type="public"]')).toContainText(`The fix ships today ${tag}`);

    await expect
      .poll(() => latestMailTo(customerEmail, new RegExp(`The fix ships today ${tag}`)), { timeout: 10_000 })
      .toBeTruthy();
    expect(latestMailTo(customerEmail, new RegExp(`Checked the logs ${tag}`))).toBeUndefined();
    const replies = (await (await page.request.get(`/api/replies/${ticket.id}`)).json()) as { type: string }[];
    expect(replies.map((r) => r.type)).toEqual(["internal", "public"]);
  });

  test("each kind keeps its own draft across a reload; Keep writing notes holds notes on this ticket only", async ({
    page,
  }) => {
    const { ticket, detail, tag } = await openNewTicket(page);
    const reply = detail.getByRole("textbox", { name: "Reply" });
    const note = detail.getByRole("textbox", { name: "Internal note" });

    await reply.fill(`Half-written answer ${tag}`);
    await detail.getByRole("tab", { name: "Internal note" }).click();
    await expect(note).toHaveValue("");
    await note.fill(`Ask billing first ${tag}`);
    await detail.getByRole("switch", { name: "Keep writing notes" }).click();

    // A reload opens the box on notes (the choice for this ticket), each draft where it was.
    await page.reload();
    await expect(note).toHaveValue(`Ask billing first ${tag}`);
    await expect(detail.getByText("Only your team sees this")).toBeVisible();
    // A click on a tab puts the cursor in the box; the arrow keys move between the two tabs.
    await detail.getByRole("tab", { name: "Reply" }).click();
    await expect(reply).toBeFocused();
    await expect(reply).toHaveValue(`Half-written answer ${tag}`);
    await detail.getByRole("tab", { name: "Reply" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(detail.getByRole("tab", { name: "Internal note" })).toBeFocused();
    await expect(note).toHaveValue(`Ask billing first ${tag}`);

    await detail.getByRole("button", { name: "Add Note" }).click();
    await expect(toastText(page, "Note added")).toBeVisible();
    // Kept on notes, with the reply's draft untouched.
    await expect(note).toHaveValue("");
    await expect(detail.getByRole("tab", { name: "Internal note" })).toHaveAttribute("aria-selected", "true");
    await detail.getByRole("tab", { name: "Reply" }).click();
    await expect(reply).toHaveValue(`Half-written answer ${tag}`);

    // Another ticket starts on a reply.
    const other = await openNewTicket(page);
    await expect(other.detail.getByRole("tab", { name: "Reply" })).toHaveAttribute("aria-selected", "true");
    await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
    await expect(detail.getByRole("tab", { name: "Internal note" })).toHaveAttribute("aria-selected", "true");
  });

  test("Ctrl/Cmd+Enter sends as the Send button says; Esc leaves the box, so e resolves", async ({ page }) => {
    const { ticket, detail, tag } = await openNewTicket(page);
    const conversation = detail.getByRole("region", { name: "Conversation" });
    const reply = detail.getByRole("textbox", { name: "Reply" });

    await reply.fill(`First answer ${tag}`);
    await page.keyboard.press("Control+Enter");
    await expect(toastText(page, "Reply sent")).toBeVisible();
    await expect(conversation.locator('[data-reply-type="public"]')).toContainText(`First answer ${tag}`);
    await expect(reply).toHaveValue("");
    expect(await statusOf(page, ticket.id)).toBe("open");

    // Chosen from the menu, "Send and set Pending" becomes what the button and the shortcut do,
    // on the next ticket too.
    await reply.fill(`Could you send a screenshot? ${tag}`);
    await detail.getByRole("button", { name: "More send options" }).click();
    await page.getByRole("menuitem", { name: "Send and set Pending" }).click();
    await expect.poll(() => statusOf(page, ticket.id)).toBe("pending");
    const next = await openNewTicket(page);
    const nextReply = next.detail.getByRole("textbox", { name: "Reply" });
    await nextReply.fill(`Still waiting on that screenshot ${tag}`);
    const send = next.detail.getByRole("button", { name: "Send and set Pending" });
    await expect(send).toBeVisible();
    await expect(send).toHaveAttribute("aria-keyshortcuts", /Control\+Enter/);
    await page.keyboard.press("Meta+Enter");
    await expect(nextReply).toHaveValue("");
    await expect.poll(() => statusOf(page, next.ticket.id)).toBe("pending");
    await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);

    // A note sends the same way.
    await detail.getByRole("tab", { name: "Internal note" }).click();
    const note = detail.getByRole("textbox", { name: "Internal note" });
    await note.fill(`Waiting on the customer ${tag}`);
    await note.press("Control+Enter");
    await expect(conversation.locator('[data-reply-type="internal"]')).toContainText(`Waiting on the customer ${tag}`);

    // Esc leaves the box with the draft in it; the next key is a shortcut, not text.
    await reply.fill(`Unfinished ${tag}`);
    await page.keyboard.press("Escape");
    await expect(reply).not.toBeFocused();
    await page.keyboard.press("e");
    await expect.poll(() => statusOf(page, ticket.id), { timeout: 15_000 }).toBe("resolved");
    await expect(reply).toHaveValue(`Unfinished ${tag}`);
  });

  test("the box is two lines until it is used, and grows when focused or holding a draft", async ({ page }) => {
    const { detail, tag } = await openNewTicket(page);
    const form = detail.locator("form:has(#reply-content)");
    const toolbar = detail.getByRole("toolbar", { name: "Formatting" });
    const send = detail.getByRole("button", { name: "Send Reply" });
    const height = async () => (await form.boundingBox())!.height;

    await expect(toolbar).toBeHidden();
    await expect(send).toBeHidden();
    const idle = await height();
    expect(idle).toBeLessThanOrEqual(130);

    const reply = detail.getByRole("textbox", { name: "Reply" });
    await reply.click();
    await expect(toolbar).toBeVisible();
    await expect(send).toBeVisible();
    expect(await height()).toBeGreaterThan(idle + 80);

    // Left empty, it folds again; with a draft it stays open.
    await page.keyboard.press("Escape");
    await expect(toolbar).toBeHidden();
    await reply.fill(`A draft ${tag}`);
    await page.keyboard.press("Escape");
    await expect(reply).not.toBeFocused();
    await expect(toolbar).toBeVisible();
    await expect(send).toBeEnabled();
  });
});
