import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { Client } from "pg";

// The public help center on the production server: a visitor finds a published article by
// search and votes on it, with JavaScript and without (every page is rendered on the server and
// every action is a plain form); a draft and a help center turned off are 404s.

async function query<T>(sql: string, values: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

type HelpCenter = { slug: string; id: string };

/**
 * An organisation of its own with a category, a published article and a draft. The bodies are
 * stored with renderer version 0, so the help center renders them itself on first read.
 */
async function createHelpCenter(): Promise<HelpCenter> {
  const suffix = randomBytes(4).toString("hex");
  const slug = `glow-${suffix}`;
  const [org] = await query<{ id: string }>(
    `INSERT INTO "Organization" ("id", "name", "slug", "plan", "onboardingCompleted", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, $2, 'free', true, now()) RETURNING "id"`,
    [`Glow Lamps ${suffix}`, slug],
  );
  const [category] = await query<{ id: string }>(
    `INSERT INTO "KbCategory" ("id", "organizationId", "name", "slug", "position", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, 'Account', 'account', 0, now()) RETURNING "id"`,
    [org!.id],
  );
  const article = (title: string, articleSlug: string, body: string, status: string) =>
    query(
      `INSERT INTO "KbArticle" ("id", "organizationId", "categoryId", "title", "slug", "summary", "body", "bodyHtml",
         "bodyHtmlVersion", "status", "publishedAt", "updatedAt")
       VALUES (gen_random_uuid()::text, $1, $2, $3, $4, 'Set a new one in a minute.', $5, '', 0, $6::"KbArticleStatus", now(), now())`,
      [org!.id, category!.id, title, articleSlug, body, status],
    );
  await article(
    "Reset your lamp password",
    "reset-lamp-password",
    "# Steps\n\n1. Open **Settings**.\n2. Choose *Security* and type a new password twice.",
    "published",
  );
  await article("Lamp password draft", "lamp-password-draft", "Not ready yet.", "draft");
  return { slug, id: org!.id };
}

const votes = async (center: HelpCenter) =>
  (
    await query<{ yes: number; no: number; views: number }>(
      `SELECT COALESCE(sum("helpfulYes"), 0)::int AS "yes", COALESCE(sum("helpfulNo"), 0)::int AS "no",
         COALESCE(sum("views"), 0)::int AS "views"
       FROM "KbArticleDailyStat" WHERE "organizationId" = $1`,
      [center.id],
    )
  )[0]!;

/** Home, search for the beginning of a word, the result, the article, and a vote. */
async function findAndVote(page: Page, center: HelpCenter, answer: "Yes" | "No") {
  await page.goto(`/help/${center.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lamp password draft" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search articles" }).fill("lamp passw");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/help/${center.slug}/search\\?q=lamp\\+passw$`));
  await expect(page.getByText("1 article for “lamp passw”")).toBeVisible();
  const result = page.getByRole("link", { name: /Reset your lamp password/ });
  await expect(result.locator("mark").first()).toHaveText(/lamp/i);
  await result.click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your lamp password" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Steps" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Account" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact us" }).last()).toHaveAttribute(
    "href",
    `/portal?org=${center.slug}`,
  );
  await page.getByRole("button", { name: answer }).click();
  await expect(page.getByRole("status")).toHaveText("Thanks for your feedback!");
  await expect(page).toHaveURL(new RegExp(`/articles/reset-lamp-password\\?voted=${answer.toLowerCase()}$`));
}

test.describe("help center", () => {
  test("a visitor with JavaScript finds an article by search and votes on it", async ({ page }) => {
    const center = await createHelpCenter();
    await findAndVote(page, center, "Yes");
    await expect.poll(() => votes(center)).toMatchObject({ yes: 1, no: 0 });
    expect((await votes(center)).views).toBeGreaterThanOrEqual(1);
  });

  test("a visitor without JavaScript does the same through plain pages and forms", async ({ browser }) => {
    const center = await createHelpCenter();
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await findAndVote(page, center, "No");
      await expect.poll(() => votes(center)).toMatchObject({ yes: 0, no: 1 });
    } finally {
      await context.close();
    }
  });

  test("a draft is a 404, and so is every page of a help center turned off", async ({ page, request }) => {
    const center = await createHelpCenter();
    expect((await page.goto(`/help/${center.slug}/articles/lamp-password-draft`))?.status()).toBe(404);
    expect((await request.get(`/help/${center.slug}/search?q=draft`)).status()).toBe(200);
    await page.goto(`/help/${center.slug}/search?q=draft`);
    await expect(page.getByText("No articles match “draft”.")).toBeVisible();
    await query(`UPDATE "Organization" SET "helpCenterEnabled" = false WHERE "id" = $1`, [center.id]);
    for (const path of ["", "/account", "/articles/reset-lamp-password", "/search?q=lamp", "/sitemap.xml"])
      expect({ path, status: (await request.get(`/help/${center.slug}${path}`)).status() }).toEqual({
        path,
        status: 404,
      });
  });
});
