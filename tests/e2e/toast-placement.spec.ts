import type { Page } from "@playwright/test";
import { SCREEN_SIZES, searchTickets, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// Toasts sit where they cover nothing the agent may click or type in: Send and Add Note at the
// bottom of the ticket, "Back to ..." on a phone, the next ticket's Send after "then open the
// next ticket". Signing in needs no toast at all.

type Created = { id: string; ticketNumber: number; subject: string };

async function newTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: {
      subject,
      description: "The export button does nothing.",
      customerEmail: "pat@example.test",
      customerName: "Pat Doe",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/**
 * The enabled controls on screen that the toast's box overlaps (its own buttons aside), or
 * "no toast" when none shows: an empty list only once a toast is there and covers nothing.
 */
function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-slot="toast"]');
    if (!toast) return ["no toast"];
    const own = toast.closest("ol")!;
    const box = toast.getBoundingClientRect();
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "button, a[href], input, select, textarea, [role='button'], [role='combobox'], [role='switch'], [role='tab'], [role='checkbox']",
    );
    for (const control of controls) {
      if (own.contains(control) || control.matches(":disabled, [aria-disabled='true']")) continue;
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const b = control.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom)
        covered.push(control.outerHTML.slice(0, 120));
    }
    return covered;
  });
}

const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test.describe("toasts", () => {
  for (const size of SCREEN_SIZES) {
    test(`cover no control of the open ticket at ${size.width} px`, async ({ page, team }) => {
      await signInAs(page, team.agent.email);
      await page.setViewportSize(size);
      const t = await newTicket(page, `Toast place ${size.width} ${Date.now()}`);
      await page.goto(`/app?ticket=${t.ticketNumber}#all-open`);
      const ticket = page.getByRole("article", { name: `Ticket #${t.ticketNumber}` });
      await ticket.getByRole("textbox", { name: "Reply" }).fill("We are on it.");
      await ticket.getByRole("button", { name: "Send Reply" }).click();
      await expect(toastText(page, "Reply sent")).toBeVisible();
      await expect.poll(() => controlsUnderToast(page)).toEqual([]);

      // The notice of a single-key change, with its Undo button, too.
      await blur(page);
      await page.keyboard.press("e");
      await expect(toastText(page, `Ticket #${t.ticketNumber} resolved`)).toBeVisible();
      await expect.poll(() => controlsUnderToast(page)).toEqual([]);
    });
  }

  test("after sending and opening the next ticket, cover none of the next ticket's controls", async ({
    page,
    team,
  }) => {
    await signInAs(page, team.agent.email);
    for (const size of [SCREEN_SIZES[0]!, SCREEN_SIZES[2]!]) {
      await page.setViewportSize(size);
      const tag = `${size.width}-${Date.now()}`;
      const older = await newTicket(page, `Next older ${tag}`);
      const newer = await newTicket(page, `Next newer ${tag}`);
      await page.goto("/app#all-open");
      await page.reload();
      const list = page.getByRole("region", { name: "Tickets" });
      await searchTickets(list, tag);
      await list.getByRole("listitem").filter({ hasText: newer.subject }).getByRole("button").first().click();
      const detail = page.getByRole("article");
      await expect(detail.getByRole("heading", { name: newer.subject })).toBeVisible();
      await detail.getByRole("textbox", { name: "Reply" }).fill("Could you send us a screenshot?");
      await detail.getByRole("button", { name: "More send options" }).click();
      const openNext = page.getByRole("menuitemcheckbox", { name: "Then open the next ticket" });
      if ((await openNext.getAttribute("aria-checked")) !== "true") await openNext.click();
      else await page.keyboard.press("Escape");
      await detail.getByRole("button", { name: "More send options" }).click();
      await page.getByRole("menuitem", { name: "Send and set Pending" }).click();
      await expect(toastText(page, "Reply sent")).toBeVisible();
      await expect(detail.getByRole("heading", { name: older.subject })).toBeVisible();
      await expect.poll(() => controlsUnderToast(page)).toEqual([]);
      // Its reply box in use, with its Send button, while the toast still shows.
      await detail.getByRole("textbox", { name: "Reply" }).fill("And about this one...");
      await expect(detail.getByRole("button", { name: /^Send/ }).first()).toBeVisible();
      await expect(toastText(page, "Reply sent")).toBeVisible();
      await expect.poll(() => controlsUnderToast(page)).toEqual([]);
    }
  });

  test("signing in shows none", async ({ page, team }) => {
    await page.goto("/login");
    // Counts every toast that appears from here on (the sign-in moves within the page).
    await page.evaluate(() => {
      const seen = window as unknown as { toastsSeen: number };
      seen.toastsSeen = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-slot="toast"]')) seen.toastsSeen++;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByLabel("Email").fill(team.agent.email);
    await page.getByLabel("Password", { exact: true }).fill("demo-password-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/app");
    // The queue counts load after the page: by then a toast made at sign-in would be on screen.
    await expect(page.getByTestId("count-my-open")).toHaveText(/\d+/);
    expect(await page.evaluate(() => (window as unknown as { toastsSeen: number }).toastsSeen)).toBe(0);
  });
});
