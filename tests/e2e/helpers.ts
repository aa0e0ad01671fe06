import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "@/lib/site/demo";

/** The widths every screen is looked at in: desktop, a small laptop and a phone. */
export const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/** The page fits its width: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // On failure the message names the outermost elements that reach past the window's right
    // edge, so a layout fix starts from the culprit rather than from a screenshot. A box inside a
    // sideways-scrolling box is clipped by it, unless it is positioned against a box outside that
    // scroller (a screen-reader-only label in a scrolling table): that one widens the page.
    const escapes = (el: Element) => {
      let scroller = el.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX === "visible") scroller = scroller.parentElement;
      if (!scroller || scroller === document.body || scroller === document.documentElement) return true;
      const positioned = /absolute|fixed/.test(getComputedStyle(el).position);
      const anchor = (el as HTMLElement).offsetParent;
      return positioned && (!anchor || !scroller.contains(anchor));
    };
    const past = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && escapes(el),
    );
    const outermost = past.filter((el) => !past.includes(el.parentElement as Element));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      widest: outermost.slice(0, 5).map((el) => {
        const label = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
        return `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${Math.round(el.getBoundingClientRect().right)} px: ${label}`;
      }),
    };
  });
  expect(scrollWidth, `wider than the window:\n${widest.join("\n")}`).toBeLessThanOrEqual(innerWidth);
}

/** Opens every page of the page or context in this theme (set before the theme script reads it). */
export function openInTheme(target: Page | BrowserContext, theme: "light" | "dark") {
  return target.addInitScript((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
}

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post("/api/login", { data: { email, password } });
  if (!res.ok()) throw new Error(`login as ${email} failed: ${res.status()} ${await res.text()}`);
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

type CaughtMail = { to: string[]; text: string; html?: string };

/** Every email to `to` caught by the test SMTP server (scripts/lib/mail-catcher.mjs), oldest first. */
export function mailsTo(to: string): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR ?? "test-results/mail";
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CaughtMail)
    .filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** The newest email to `to` whose text matches `matching`, if given. */
function newestMail(to: string, matching?: RegExp): CaughtMail | undefined {
  return mailsTo(to).findLast((mail) => !matching || matching.test(mail.text));
}

/** The raw text (quoted-printable undone) of the newest email to `to` whose text matches `matching`, if given. */
export function latestMailTo(to: string, matching?: RegExp): string | undefined {
  return newestMail(to, matching)?.text;
}

/** The decoded HTML part of the newest email to `to` whose text matches `matching`. */
export function latestMailHtmlTo(to: string, matching: RegExp): string | undefined {
  return newestMail(to, matching)?.html;
}

/** Waits (by polling, not sleeping) for an email to `to` and returns the first link to `pathname`. */
export async function linkFromMail(to: string, pathname: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = latestMailTo(to)?.match(new RegExp(`https?://\\S*${pathname}\\S*`))?.[0]), { timeout: 10_000 })
    .toBeTruthy();
  return link!;
}

/** Waits for the newest portal access-code email to `to` and returns its 8-digit code. */
export async function codeFromMail(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => (code = latestMailTo(to, /portal code/)?.match(/portal is:\s*(\d{8})\b/)?.[1]), { timeout: 10_000 })
    .toBeTruthy();
  return code!;
}

/**
 * Unfolds the open ticket's details (status, tags, customer, mail, history) where a narrow ticket
 * pane folds them under "Details"; a wide pane shows them beside the conversation already.
 */
export async function showTicketDetails(page: Page) {
  const toggle = page.getByRole("article").getByRole("button", { name: "Details" });
  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(page.getByRole("article").getByRole("combobox", { name: "Status" })).toBeVisible();
}

/** A toast's text (Radix also announces it in a live region, which would match twice). */
export function toastText(page: Page, text: string) {
  return page.locator('[data-slot="toast"]').getByText(text);
}

/**
 * Shows every ticket of the list: its first page holds 50 and the rest load from "Load more"
 * (or by scrolling), so a queue longer than a page is clicked through until `count` rows show.
 * Scrolling the button into view for the click may load the next page by itself, and the
 * button then goes away: the click gives up soon and the check runs again instead of waiting
 * for a button that will not come back.
 */
export async function showWholeList(list: Locator, count: number) {
  await expect(async () => {
    const more = list.getByRole("button", { name: "Load more" });
    if (await more.isVisible()) await more.click({ timeout: 2_000 });
    expect(await list.getByRole("listitem").count()).toBe(count);
  }).toPass();
}

/**
 * Searches the queue and waits until the list shows only what matches: until then the previous
 * rows stay on screen, and a row clicked among them is replaced under the pointer.
 */
export async function searchTickets(list: Locator, text: string) {
  await list.getByLabel("Search tickets").fill(text);
  await expect(list.getByLabel("Search tickets")).toHaveValue(text);
  await expect(list.getByRole("listitem").filter({ hasNotText: text })).toHaveCount(0);
}
