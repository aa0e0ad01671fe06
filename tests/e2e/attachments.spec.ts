import { readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import { seedTicketWithAttachments } from "./attachments-db";
import { codeFromMail, SCREEN_SIZES, signInAs, toastText, uniqueEmail } from "./helpers";
import { expect, test } from "./team";

// Files that came with a customer's messages, under those messages: the agent downloads them
// with the session, the customer in the portal with the portal token. Each view is also saved
// as a screenshot (SHOTS_DIR, else test-results/screens) at three widths, light and dark.
const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
async function expectNoViolations(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Activates a link from the keyboard and returns the downloaded file's name and bytes. */
async function downloadByKeyboard(page: Page, link: Locator) {
  await link.focus();
  await expect(link).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

async function expectFits(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("an agent sees each message's files and downloads them", async ({ page, team }) => {
  const subject = `Invoice does not match ${Date.now()}`;
  const ticket = seedTicketWithAttachments(team.organization.slug, uniqueEmail("files"), subject);
  await signInAs(page, team.agent.email);
  await page.goto(ticketUrl(ticket.ticketNumber));
  const article = page.getByRole("article", { name: `Ticket #${ticket.ticketNumber}` });
  await expect(article.getByRole("heading", { name: subject })).toBeVisible();

  const conversation = article.getByRole("region", { name: "Conversation" });
  const lists = conversation.getByRole("list", { name: "Attachments" });
  await expect(lists).toHaveCount(2);
  await expect(lists.nth(0).getByRole("link")).toHaveText([
    /invoice-2026-11\.pdf\s*\d+ B/,
    /order confirmation \(scanned\)\.txt\s*\d+ B/,
  ]);
  const pdf = lists.nth(0).getByRole("link", { name: /invoice-2026-11\.pdf/ });
  const got = await downloadByKeyboard(page, pdf);
  expect(got.name).toBe("invoice-2026-11.pdf");
  expect(got.text.startsWith("%PDF-1.4")).toBe(true);

  // A web page named .txt comes as bytes to save, never as a page to render.
  const page2 = lists.nth(1).getByRole("link", { name: /checkout\.txt/ });
  const res = await page.request.get((await page2.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/octet-stream");
  expect(res.headers()["content-disposition"]).toBe(
    `attachment; filename="checkout.txt"; filename*=UTF-8''checkout.txt`,
  );
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  await expectNoViolations(page, "article");

  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(lists.nth(1)).toBeVisible();
      await lists.nth(0).scrollIntoViewIfNeeded();
      await expectFits(page);
      await page.screenshot({ path: path.join(SHOTS, `attachments-workspace-${size.width}-${theme}.png`) });
    }
    await expectNoViolations(page, "article");
  }
});

test("the ticket's customer downloads the files in the portal with the portal token", async ({ page, team }) => {
  const email = uniqueEmail("portal-files");
  const subject = `Order paperwork ${Date.now()}`;
  seedTicketWithAttachments(team.organization.slug, email, subject);
  await page.goto(`/portal?org=${team.organization.slug}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Access Portal" }).click();
  await page.getByLabel("Access code").fill(await codeFromMail(email));
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(toastText(page, "Access granted")).toBeVisible();

  await page.getByRole("button", { name: new RegExp(subject) }).click();
  const lists = page.getByRole("article").getByRole("list", { name: "Attachments" });
  await expect(lists).toHaveCount(2);
  const got = await downloadByKeyboard(page, lists.nth(0).getByRole("link", { name: /order confirmation/ }));
  expect(got).toEqual({ name: "order confirmation (scanned).txt", text: "Order 4471: 2 x blender\n" });
  // The same address as a plain request is refused: the page fetches files naming its portal,
  // so the session cookie alone (sent by any link to it) opens nothing.
  const href = (await lists.nth(0).getByRole("link").first().getAttribute("href"))!;
  expect((await page.request.get(href)).status()).toBe(401);
  await expectNoViolations(page, "article");

  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => localStorage.setItem("theme", dark ? "dark" : "light"), theme === "dark");
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      // The open ticket is in the portal's address, so a reload shows it again.
      await page.reload();
      const shown = page.getByRole("article").getByRole("list", { name: "Attachments" });
      await expect(shown).toHaveCount(2);
      await shown.nth(0).scrollIntoViewIfNeeded();
      await expectFits(page);
      await page.screenshot({ path: path.join(SHOTS, `attachments-portal-${size.width}-${theme}.png`) });
    }
    await expectNoViolations(page, "article");
  }
});
