import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// The knowledge base in the workspace, end to end: an agent writes and publishes an article with
// an uploaded image, previews it as the help center renders it, edits it and restores an earlier
// version; an admin creates, renames, reorders and deletes categories; an agent inserts an article
// into a reply (from the reply box and from the command palette) and the ticket shows it sent.
// Screens are saved at the widths agents use, light and dark (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
const PNG = path.join(__dirname, "fixtures", "kb-settings-screen.png");

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Article = { id: string; slug: string; title: string };

/** An article made through the API as the signed-in agent. */
async function articleViaApi(page: Page, body: Record<string, unknown>): Promise<Article> {
  const res = await page.request.post("/api/kb/articles", { data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as Article;
}

async function freshTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: {
      subject,
      description: "I cannot sign in any more",
      customerName: "Casey Jones",
      customerEmail: "casey.jones@example.test",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { ticketNumber: number };
}

/** Chooses an option of a select (a Radix combobox) by its label. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const versions = (page: Page) => page.getByRole("list", { name: "Versions" }).getByRole("listitem");

test("an agent writes and publishes an article with an image, previews it, edits it and restores a version", async ({
  page,
  team,
}) => {
  await signInAs(page, team.agent.email);
  await page.goto("/app");
  await page.getByRole("link", { name: "Knowledge Base" }).click();
  await expect(page).toHaveURL(/#knowledge-base$/);
  // Agents write; only admins arrange categories and change the settings.
  const tabs = page.getByRole("navigation", { name: "Knowledge base" });
  await expect(tabs.getByRole("link")).toHaveText(["Articles", "Insights"]);

  await page.getByRole("button", { name: "New Article" }).click();
  await expect(page).toHaveURL(/#knowledge-base\/new$/);
  const tag = unique();
  const title = `Resetting your password ${tag}`;
  // A check the server applies too: the article needs its text.
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(page.getByText("Please write the article", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Article" })).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("textbox", { name: "Summary" }).fill("How to get back in when you forgot it");
  const body = page.getByRole("textbox", { name: "Article" });
  await body.fill("## Before you start\n\nOpen **Settings** and choose _Security_.\n\n");
  await body.press("End");
  await page.locator("[data-kb-image-input]").setInputFiles(PNG);
  await expect(body).toHaveValue(/!\[kb-settings-screen\]\(\/api\/kb\/images\/[0-9a-f-]{36}\)\n\n$/);
  // The reply box's editing help: Ctrl+B makes the typed words bold.
  await body.press("End");
  await body.pressSequentially("Then press ");
  await body.press("Control+b");
  await body.pressSequentially("Reset");
  await expect(body).toHaveValue(/Then press \*\*Reset\*\*$/);
  await choose(page, page.getByRole("combobox", { name: "Status" }), "Published");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.locator("[data-kb-preview] [data-article-body]");
  // The page's h1 is the title: the article's own headings start below it.
  await expect(preview.getByRole("heading", { name: "Before you start", level: 3 })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "Reset" })).toBeVisible();
  const image = preview.getByRole("img", { name: "kb-settings-screen" });
  await expect(image).toHaveAttribute("src", /^\/api\/kb\/images\/[0-9a-f-]{36}$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await expectNoViolations(page);

  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(toastText(page, "Article created")).toBeVisible();
  await expect(page).toHaveURL(/#knowledge-base\/articles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.locator("[data-kb-stats]")).toContainText("Sent in replies");
  await expect(page.getByRole("link", { name: "View in help center" })).toHaveAttribute(
    "href",
    new RegExp(`/help/${team.organization.slug}/articles/resetting-your-password-${tag}$`),
  );
  await expect(versions(page)).toHaveCount(1);

  // An edit is a new version.
  await page.getByRole("textbox", { name: "Title" }).fill(`${title} (new steps)`);
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(toastText(page, "Article saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: `${title} (new steps)` })).toBeVisible();
  await expect(versions(page)).toHaveCount(2);

  // The first version, viewed as the help center renders it, then restored after a confirmation.
  const first = versions(page).nth(1);
  await expect(first).toContainText(title);
  await first.getByRole("button", { name: /^View the version of/ }).click();
  const viewed = page.getByRole("dialog", { name: title });
  await expect(viewed.getByRole("heading", { name: "Before you start" })).toBeVisible();
  await viewed.getByRole("button", { name: "Restore" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
  await confirm.getByRole("button", { name: "Restore version" }).click();
  await expect(toastText(page, "Version restored")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expect(versions(page)).toHaveCount(3);

  // Back in the list, found by its title and filtered by status.
  await page.getByRole("button", { name: "All articles" }).click();
  await page.getByRole("textbox", { name: "Search articles by title" }).fill(tag);
  const row = page.locator(`[data-article="${title}"]`);
  await expect(row).toContainText("Published");
  await choose(page, page.getByRole("combobox", { name: "Status" }), "Draft");
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No article matches")).toBeVisible();
});

test("an admin creates, renames, reorders and deletes categories", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  await page.goto("/app#knowledge-base");
  await page.getByRole("navigation", { name: "Knowledge base" }).getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/#knowledge-base\/categories$/);
  const tag = unique();
  const list = page.getByRole("list", { name: "Categories" });

  for (const name of [`Billing ${tag}`, `Accounts ${tag}`]) {
    await page.getByRole("button", { name: "New Category" }).click();
    const dialog = page.getByRole("dialog", { name: "New category" });
    await dialog.getByRole("textbox", { name: "Name" }).fill(name);
    await dialog.getByRole("textbox", { name: "Description" }).fill(`All about ${name}`);
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(dialog).toBeHidden();
    await expect(list.locator(`[data-category="${name}"]`)).toBeVisible();
  }
  const order = async () =>
    (
      await list.locator("[data-category]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-category")))
    ).filter((name) => name?.endsWith(tag));
  await expect.poll(order).toEqual([`Billing ${tag}`, `Accounts ${tag}`]);

  await list.getByRole("button", { name: `Move Accounts ${tag} up` }).click();
  await expect.poll(order).toEqual([`Accounts ${tag}`, `Billing ${tag}`]);
  await page.reload();
  await expect.poll(order).toEqual([`Accounts ${tag}`, `Billing ${tag}`]);

  await list.getByRole("button", { name: `Rename Billing ${tag}` }).click();
  const rename = page.getByRole("dialog", { name: `Rename category "Billing ${tag}"` });
  await rename.getByRole("textbox", { name: "Name" }).fill(`Payments ${tag}`);
  await rename.getByRole("button", { name: "Save Category" }).click();
  await expect(rename).toBeHidden();
  await expect.poll(order).toEqual([`Accounts ${tag}`, `Payments ${tag}`]);

  await list.getByRole("button", { name: `Delete Accounts ${tag}` }).click();
  await page
    .getByRole("alertdialog", { name: "Delete category?" })
    .getByRole("button", { name: "Delete category" })
    .click();
  await expect.poll(order).toEqual([`Payments ${tag}`]);
  await expectNoViolations(page);

  // The admin's settings: the help center's address, and the switch that turns it off.
  await page.getByRole("navigation", { name: "Knowledge base" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("switch", { name: "Help center on" })).toBeChecked();
  await expect(page.getByText(new RegExp(`/help/${team.organization.slug}$`))).toBeVisible();
});

test("an agent inserts articles into a reply from the reply box and the palette; the ticket shows them sent", async ({
  page,
  team,
}) => {
  await signInAs(page, team.agent.email);
  const tag = unique();
  const published = await articleViaApi(page, {
    title: `Two-factor sign-in ${tag}`,
    body: "Open **Security** and scan the code.",
    summary: "Set up an authenticator app",
    status: "published",
  });
  const internal = await articleViaApi(page, {
    title: `Unlocking an account ${tag}`,
    body: "Check the audit log first, then unlock.",
    status: "internal",
  });
  const ticket = await freshTicket(page, `Locked out ${tag}`);
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  const detail = page.getByRole("article");
  const reply = detail.getByRole("textbox", { name: "Reply" });
  await reply.click();
  await reply.fill("Hi Casey, this should help:");

  await detail.getByRole("button", { name: "Articles" }).click();
  const picker = page.getByRole("dialog", { name: "Insert a knowledge base article" });
  await expect(picker.getByRole("combobox", { name: "Search articles" })).toBeFocused();
  await page.keyboard.type(`Two-factor sign-in ${tag}`);
  await expect(picker.getByRole("option")).toHaveCount(1);
  await expect(picker.getByRole("option")).toContainText("Inserts a link to the help center");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(reply).toHaveValue(
    new RegExp(
      `^Hi Casey, this should help:\\n\\[Two-factor sign-in ${tag}\\]\\(http[^)]+/help/${team.organization.slug}/articles/${published.slug}\\)$`,
    ),
  );

  // The palette opens the same list; an internal article goes in as its text.
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await page.keyboard.type("Insert article");
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
  await expect(picker).toBeVisible();
  await page.keyboard.type(`Unlocking an account ${tag}`);
  await expect(picker.getByRole("option")).toHaveCount(1);
  await expect(picker.getByRole("option")).toContainText("Inserts the article's text");
  await page.keyboard.press("Enter");
  await expect(reply).toHaveValue(/\nCheck the audit log first, then unlock\.$/);
  const pending = detail.locator("[data-pending-articles]");
  await expect(pending).toContainText(published.title);
  await expect(pending).toContainText(internal.title);
  await expectNoViolations(page);

  await detail.getByRole("button", { name: "Send Reply" }).click();
  await expect(toastText(page, "Reply sent")).toBeVisible();
  await expect(pending).toBeHidden();
  const sent = detail.getByRole("region", { name: "Conversation" }).locator("[data-sent-articles]");
  await expect(sent).toContainText(`Articles sent:`);
  await expect(sent.getByRole("link", { name: published.title })).toBeVisible();
  await expect(sent.getByRole("link", { name: internal.title })).toBeVisible();

  // The article's editor counts it as sent in a reply.
  await sent.getByRole("link", { name: published.title }).click();
  await expect(page).toHaveURL(new RegExp(`#knowledge-base/articles/${published.id}$`));
  await expect(page.locator("[data-kb-stats]")).toContainText(/Sent in replies\s*1/);
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`knowledge base at ${size.width} px, ${theme}: list, editor, preview, versions and insights fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.agent.email);
      const name = `${size.width}-${theme}`;
      const tag = unique();
      const upload = await page.request.post("/api/kb/images", {
        multipart: {
          file: {
            name: "settings.png",
            mimeType: "image/png",
            buffer: await import("node:fs").then((fs) => fs.readFileSync(PNG)),
          },
        },
      });
      expect(upload.status()).toBe(201);
      const { markdown } = (await upload.json()) as { markdown: string };
      const article = await articleViaApi(page, {
        title: `Changing the email address on your account ${tag}`,
        summary: "Where to change it, and what happens to your sign-in",
        status: "published",
        body: [
          "Your email address is where we send receipts and sign-in links.",
          "## Change it",
          "1. Open **Settings** and choose _Profile_.",
          "2. Type the new address and press `Save`.",
          markdown,
          "> We send a confirmation to the new address first.",
          "| Plan | Addresses |\n| --- | --- |\n| Free | 1 |\n| Pro | 5 |",
        ].join("\n\n"),
      });
      await articleViaApi(page, { title: `Refund policy ${tag}`, body: "Within 30 days.", status: "draft" });
      await page.request.patch(`/api/kb/articles/${article.id}`, {
        data: { summary: "Where to change it, and what happens next" },
      });

      await page.goto("/app#knowledge-base");
      await expect(page.locator(`[data-article="${article.title}"]`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `kb-list-${name}.png`) });

      await page.goto(`/app#knowledge-base/articles/${article.id}`);
      await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(article.title);
      await expect(versions(page)).toHaveCount(2);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `kb-editor-${name}.png`), fullPage: true });

      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.locator("[data-kb-preview] [data-article-body]");
      await expect(preview.getByRole("table")).toBeVisible();
      await page.getByRole("group", { name: "Article view" }).scrollIntoViewIfNeeded();
      await expect.poll(() => preview.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `kb-preview-${name}.png`) });

      await versions(page)
        .nth(1)
        .getByRole("button", { name: /^View the version of/ })
        .click();
      await expect(page.getByRole("dialog").getByRole("heading", { name: "Change it" })).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `kb-revision-${name}.png`) });
      await page.keyboard.press("Escape");
      await versions(page).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `kb-revisions-${name}.png`) });

      // A visitor reads the article and finds it helpful: the insights count both.
      const help = `/help/${team.organization.slug}`;
      expect((await page.request.get(`${help}/articles/${article.slug}`)).status()).toBe(200);
      const vote = await page.request.post(`/api${help}/articles/${article.slug}/vote`, { data: { helpful: true } });
      expect(vote.status()).toBe(204);
      await page.goto("/app#knowledge-base/insights");
      await expect(page.getByRole("list", { name: "Most viewed articles" })).toContainText(article.title);
      await expect(page.locator("[data-kb-figures]")).toContainText("100 %");
      await expect(page.getByRole("heading", { name: "Searches with no result" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `kb-insights-${name}.png`), fullPage: true });
    });
  }
}
