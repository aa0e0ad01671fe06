import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { codeFromMail, latestMailHtmlTo, signInAs, toastText, uniqueEmail, openInTheme } from "./helpers";
import { expect, test } from "./team";

// A formatted reply from the composer to the customer: written with the toolbar and its
// shortcuts, checked in the Preview, sent, and then shown the same (the same HTML, element for
// element) in the workspace thread, in the customer portal and in the email the customer got.
// The composer with its preview and the thread are saved as screenshots at three widths.

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const SOURCE = [
  "Hi **Jane**,",
  "",
  "See [our guide](https://example.com/help)",
  "",
  "- Restart the app",
  "",
  "`npm start`",
  "",
  "> It does not start",
].join("\n");

type Created = { id: string; ticketNumber: number };

async function newTicket(page: Page, customerEmail: string) {
  const res = await page.request.post("/api/tickets", {
    data: { subject: `Formatted ${Date.now()}`, description: "The app will not start.", customerEmail },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

async function expectNoViolations(page: Page, include: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** HTML as this browser serialises it, so markup from the server and from the page compare exactly. */
const asBrowserHtml = (page: Page, html: string) =>
  page.evaluate((h) => {
    const box = document.createElement("div");
    box.innerHTML = h;
    return box.innerHTML;
  }, html);

/** What the formatted reply shows, element by element. */
async function expectFormatted(body: Locator) {
  await expect(body.locator("strong")).toHaveText("Jane");
  const link = body.getByRole("link", { name: "our guide" });
  await expect(link).toHaveAttribute("href", "https://example.com/help");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(body.locator("ul > li")).toHaveText("Restart the app");
  await expect(body.locator("code")).toHaveText("npm start");
  await expect(body.locator("blockquote")).toHaveText("It does not start");
}

test.describe("formatted replies", () => {
  test("an agent formats a reply from the keyboard and toolbar; workspace, portal and email show it alike", async ({
    page,
    browser,
    team,
  }) => {
    const customer = uniqueEmail("formatted");
    await signInAs(page, team.agent.email);
    const ticket = await newTicket(page, customer);
    await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
    const detail = page.getByRole("article");
    const box = detail.getByRole("textbox", { name: "Reply" });
    // Bold and link by shortcut (the selection is replaced as one types), the rest by the toolbar.
    await box.focus();
    await expect(detail.getByText("Markdown supported")).toBeVisible();
    await page.keyboard.type("Hi ");
    await page.keyboard.press("Control+b");
    await expect(box).toHaveValue("Hi **bold text**");
    await page.keyboard.type("Jane");
    await page.keyboard.press("End");
    await page.keyboard.type(",\n\nSee our guide");
    for (let i = 0; i < "our guide".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Control+Shift+L");
    await page.keyboard.type("https://example.com/help");
    await page.keyboard.press("End");
    await page.keyboard.type("\n\n");
    const toolbar = detail.getByRole("toolbar", { name: "Formatting" });
    await toolbar.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Restart the app\n\n");
    await toolbar.getByRole("button", { name: "Code" }).click();
    await page.keyboard.type("npm start");
    await page.keyboard.press("End");
    await page.keyboard.type("\n\n");
    await toolbar.getByRole("button", { name: "Quote" }).click();
    await page.keyboard.type("It does not start");
    await expect(box).toHaveValue(SOURCE);
    // Ctrl+B stayed in the box: the sidebar did not fold.
    await expect(page.locator("[data-state='collapsed']")).toHaveCount(0);

    // The preview is the server's rendering; Write brings the text back to edit.
    await detail.getByRole("button", { name: "Preview" }).click();
    const preview = detail.getByRole("region", { name: "Preview" });
    await expectFormatted(preview);
    await expectNoViolations(page, "article");
    await detail.getByRole("button", { name: "Write" }).click();
    await expect(box).toHaveValue(SOURCE);

    await detail.getByRole("button", { name: "Send Reply" }).click();
    await expect(toastText(page, "Reply sent")).toBeVisible();
    const inThread = detail.getByRole("region", { name: "Conversation" }).locator("[data-formatted]").last();
    await expectFormatted(inThread);
    await expectNoViolations(page, "article");

    const replies = (await (await page.request.get(`/api/replies/${ticket.id}`)).json()) as { html: string | null }[];
    const html = replies.at(-1)!.html!;
    expect(await inThread.innerHTML()).toBe(await asBrowserHtml(page, html));

    // The customer's email carries the same HTML.
    let mailHtml: string | undefined;
    await expect
      .poll(() => (mailHtml = latestMailHtmlTo(customer, /replied to your ticket/)), { timeout: 10_000 })
      .toBeTruthy();
    const mailed = /<div data-reply>([\s\S]*?)<\/div>/.exec(mailHtml!)?.[1];
    expect(await asBrowserHtml(page, mailed ?? "")).toBe(await asBrowserHtml(page, html));

    // And the portal shows it as the workspace does.
    const portal = await (await browser.newContext()).newPage();
    await portal.goto(`/portal?org=${team.organization.slug}`);
    await portal.getByLabel("Email").fill(customer);
    await portal.getByRole("button", { name: "Access Portal" }).click();
    await portal.getByLabel("Access code").fill(await codeFromMail(customer));
    await portal.getByRole("button", { name: "Verify Code" }).click();
    await portal.getByRole("button", { name: /Formatted/ }).click();
    const inPortal = portal.getByRole("region", { name: "Conversation" }).locator("[data-formatted]");
    await expectFormatted(inPortal);
    expect(await inPortal.innerHTML()).toBe(await asBrowserHtml(portal, html));
    await expectNoViolations(portal, "article");
    await portal.screenshot({ path: path.join(SHOTS, "formatted-reply-portal.png"), fullPage: true });
    await portal.context().close();
  });

  for (const theme of ["light", "dark"] as const) {
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      test(`composer preview and thread at ${size.width} px, ${theme}`, async ({ page, team }) => {
        await openInTheme(page, theme);
        await page.setViewportSize(size);
        await signInAs(page, team.agent.email);
        const ticket = await newTicket(page, uniqueEmail("formatted-shot"));
        const sent = await page.request.post("/api/replies", { data: { ticketId: ticket.id, content: SOURCE } });
        expect(sent.status()).toBe(201);
        await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
        const detail = page.getByRole("article");
        await expectFormatted(detail.getByRole("region", { name: "Conversation" }).locator("[data-formatted]"));
        await detail
          .getByRole("textbox", { name: "Reply" })
          .fill("Thanks, **Jane**! Try:\n\n1. `npm start`\n2. [Help](https://example.com)");
        await expect(detail.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `formatted-composer-${size.width}-${theme}.png`) });
        await detail.getByRole("button", { name: "Preview" }).click();
        await expect(detail.getByRole("region", { name: "Preview" }).locator("ol > li")).toHaveCount(2);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        await page.screenshot({ path: path.join(SHOTS, `formatted-reply-${size.width}-${theme}.png`) });
      });
    }
  }
});
