import { KB_BODY_REQUIRED, KB_SLUG_INVALID, KB_TITLE_REQUIRED } from "@/lib/schemas/kb";
import { SLUG_TAKEN } from "@/lib/services/kb/slugs";
import { createOrg, createUser, freshTwoTenants, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { kb } from "./kb-calls";

// Knowledge base articles: the team writes, edits, publishes and deletes them; customers and
// strangers nothing. Every save is one transaction with a revision; slugs are unique per
// organisation; another organisation's article is a 404 and stays untouched.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

async function team() {
  const org = await createOrg("pro");
  return {
    org,
    admin: await createUser(org.id, "org_admin", { fullName: "Ada Admin" }),
    agent: await createUser(org.id, "agent", { fullName: "Sam Agent" }),
    agent2: await createUser(org.id, "agent", { fullName: "Kim Agent" }),
  };
}

describe("POST /api/kb/articles", () => {
  it("writes an article by the caller (201 with id and slug), its HTML and its first revision", async () => {
    const { agent } = await team();
    const res = await kb.createArticle(agent, {
      title: "How do I reset my password?",
      body: "# Steps\n\n1. Open **Settings**",
      summary: "Get back into your account",
    });
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        title: "How do I reset my password?",
        slug: "how-do-i-reset-my-password",
        summary: "Get back into your account",
        status: "draft",
        categoryId: null,
        author: { id: agent.id, name: "Sam Agent" },
        editor: { id: agent.id, name: "Sam Agent" },
        publishedAt: null,
        updatedAt: expect.any(String),
        createdAt: expect.any(String),
        body: "# Steps\n\n1. Open **Settings**",
        bodyHtml: "<h2>Steps</h2>\n<ol>\n<li>Open <strong>Settings</strong></li>\n</ol>",
        stats: { views: 0, helpfulYes: 0, helpfulNo: 0, sentInReplies: 0 },
      },
    });
    const revisions = await db.kbArticleRevision.findMany({ where: { articleId: res.body.id } });
    expect(revisions).toEqual([
      expect.objectContaining({ title: "How do I reset my password?", status: "draft", editorId: agent.id }),
    ]);
  });

  it("an article published at once has its published date; a category of the organisation is kept", async () => {
    const { admin, agent } = await team();
    const category = (await kb.createCategory(admin, { name: "Billing" })).body;
    const res = await kb.createArticle(agent, {
      title: "Refunds",
      body: "x",
      status: "published",
      categoryId: category.id,
    });
    expect(res.body).toMatchObject({ status: "published", categoryId: category.id, publishedAt: expect.any(String) });
  });

  it("slugs: a taken title gets -2, -3 (also when saved at once); an explicit taken slug is a 409", async () => {
    const { org, agent } = await team();
    const first = await kb.createArticle(agent, { title: "Billing FAQ", body: "x" });
    const more = await Promise.all([1, 2, 3].map(() => kb.createArticle(agent, { title: "Billing FAQ!", body: "x" })));
    expect([first, ...more].map((r) => r.body.slug).sort()).toEqual([
      "billing-faq",
      "billing-faq-2",
      "billing-faq-3",
      "billing-faq-4",
    ]);
    expect(await kb.createArticle(agent, { title: "Other", body: "x", slug: "billing-faq-2" })).toEqual({
      status: 409,
      body: { error: SLUG_TAKEN.article, code: "conflict" },
    });
    expect((await kb.createArticle(agent, { title: "Other", body: "x", slug: "other-one" })).body.slug).toBe(
      "other-one",
    );
    expect((await kb.createArticle(agent, { title: "Café résumé", body: "x" })).body.slug).toBe("cafe-resume");
    expect((await kb.createArticle(agent, { title: "日本語", body: "x" })).body.slug).toBe("article");
    expect(await db.kbArticle.count({ where: { organizationId: org.id } })).toBe(7);
  });

  it("the same title in another organisation takes the plain slug", async () => {
    await kb.createArticle(world.users.agent, { title: "Shared title", body: "x" });
    expect((await kb.createArticle(world.users.otherAdmin, { title: "Shared title", body: "x" })).body.slug).toBe(
      "shared-title",
    );
  });

  it("refuses each invalid field with its own message (400) and saves nothing", async () => {
    const { org, agent } = await team();
    const foreignCategory = (await kb.createCategory(world.users.otherAdmin, { name: `F ${org.id}` })).body;
    for (const [body, error] of [
      [{ body: "x" }, KB_TITLE_REQUIRED],
      [{ title: " ", body: "x" }, KB_TITLE_REQUIRED],
      [{ title: "t".repeat(151), body: "x" }, "Title must be at most 150 characters"],
      [{ title: "Line\nbreak", body: "x" }, "Must be a single line without control characters"],
      [{ title: "T" }, KB_BODY_REQUIRED],
      [{ title: "T", body: "   " }, KB_BODY_REQUIRED],
      [{ title: "T", body: "b".repeat(100_001) }, "The article must be at most 100,000 characters"],
      [{ title: "T", body: "x", summary: "s".repeat(301) }, "Summary must be at most 300 characters"],
      [{ title: "T", body: "x", status: "archived" }, "Status must be draft, published or internal"],
      [{ title: "T", body: "x", slug: "Bad Slug" }, KB_SLUG_INVALID],
      [{ title: "T", body: "x", slug: "s".repeat(81) }, "Slug must be at most 80 characters"],
      [{ title: "T", body: "x", categoryId: foreignCategory.id }, "Unknown category"],
      [{ title: "T", body: "x", categoryId: "no-such-category" }, "Unknown category"],
    ] as const) {
      const res = await kb.createArticle(agent, body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error });
    }
    expect(await db.kbArticle.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("customers may not write (403), nobody signed in 401", async () => {
    expect((await kb.createArticle(world.users.end_user, { title: "T", body: "x" })).status).toBe(403);
    expect((await kb.createArticle(null, { title: "T", body: "x" })).status).toBe(401);
  });
});

describe("GET /api/kb/articles", () => {
  it("lists every status newest edit first, filters by status, category, title, and pages", async () => {
    const { admin, agent } = await team();
    const category = (await kb.createCategory(admin, { name: "Account" })).body;
    const ids: Record<string, string> = {};
    for (const [title, status, categoryId] of [
      ["Reset your password", "published", category.id],
      ["Two-factor sign-in", "internal", category.id],
      ["Refund policy (100% guaranteed)", "draft", null],
      ["Export your data", "published", null],
    ] as const)
      ids[title] = (await kb.createArticle(agent, { title, body: "x", status, categoryId })).body.id;
    await kb.updateArticle(agent, ids["Reset your password"]!, { summary: "edited last" });
    await kb.createArticle(world.users.otherAdmin, { title: "Reset your password too", body: "x" });

    const titles = async (query: Record<string, string>) => {
      const res = await kb.listArticles(agent, query);
      expect(res.status).toBe(200);
      return res.body.articles.map((a: { title: string }) => a.title);
    };
    expect(await titles({})).toEqual([
      "Reset your password",
      "Export your data",
      "Refund policy (100% guaranteed)",
      "Two-factor sign-in",
    ]);
    expect(await titles({ status: "published" })).toEqual(["Reset your password", "Export your data"]);
    expect(await titles({ categoryId: category.id })).toEqual(["Reset your password", "Two-factor sign-in"]);
    expect(await titles({ categoryId: "none" })).toEqual(["Export your data", "Refund policy (100% guaranteed)"]);
    expect(await titles({ q: "PASSWORD" })).toEqual(["Reset your password"]);
    expect(await titles({ q: "100%" })).toEqual(["Refund policy (100% guaranteed)"]);
    expect(await titles({ q: "0%" })).toEqual(["Refund policy (100% guaranteed)"]);
    expect(await titles({ q: "_" })).toEqual([]);

    const first = await kb.listArticles(agent, { limit: "3" });
    expect(first.body.articles).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await kb.listArticles(agent, { limit: "3", cursor: first.body.nextCursor });
    expect(second.body).toEqual({
      articles: [expect.objectContaining({ title: "Two-factor sign-in", author: { id: agent.id, name: "Sam Agent" } })],
      nextCursor: null,
    });
    expect(second.body.articles[0]).not.toHaveProperty("body");
  });

  it("refuses a bad status, limit or cursor (400); customers get 403", async () => {
    const { agent } = await team();
    expect((await kb.listArticles(agent, { status: "gone" })).status).toBe(400);
    expect((await kb.listArticles(agent, { limit: "101" })).body.error).toBe("limit must be at most 100");
    expect((await kb.listArticles(agent, { cursor: "nonsense" })).body.error).toBe("Invalid cursor");
    expect((await kb.listArticles(world.users.end_user)).status).toBe(403);
  });
});

describe("GET /api/kb/articles/{id}", () => {
  it("answers the article with its last 30 days' figures; HTML from an older renderer is made again", async () => {
    const { org, agent } = await team();
    const { id } = (await kb.createArticle(agent, { title: "Figures", body: "## Old" })).body;
    const today = new Date(new Date().toISOString().slice(0, 10));
    const day = (n: number) => new Date(today.getTime() - n * 86_400_000);
    await db.kbArticleDailyStat.createMany({
      data: [
        { articleId: id, organizationId: org.id, day: day(0), views: 5, helpfulYes: 2, helpfulNo: 1 },
        { articleId: id, organizationId: org.id, day: day(29), views: 3, helpfulYes: 1, helpfulNo: 0 },
        { articleId: id, organizationId: org.id, day: day(30), views: 100, helpfulYes: 50, helpfulNo: 50 },
      ],
    });
    await db.kbArticle.update({ where: { id }, data: { bodyHtml: "<p>stale</p>", bodyHtmlVersion: 0 } });
    const res = await kb.getArticle(agent, id);
    expect(res.body.stats).toEqual({ views: 8, helpfulYes: 3, helpfulNo: 1, sentInReplies: 0 });
    expect(res.body.bodyHtml).toBe("<h3>Old</h3>");
  });

  it("another organisation's article is a 404; customers get 403", async () => {
    const foreign = (await kb.createArticle(world.users.otherAdmin, { title: "Theirs", body: "x" })).body;
    expect(await kb.getArticle(world.users.agent, foreign.id)).toEqual({
      status: 404,
      body: { error: "Article not found", code: "not_found" },
    });
    expect((await kb.getArticle(world.users.end_user, foreign.id)).status).toBe(403);
  });
});

describe("PATCH /api/kb/articles/{id}", () => {
  it("saves a change as a new revision by the caller; no change saves nothing", async () => {
    const { agent, agent2 } = await team();
    const created = (await kb.createArticle(agent, { title: "Draft", body: "One" })).body;
    const res = await kb.updateArticle(agent2, created.id, { title: "Final", body: "Two\n\n## More" });
    expect(res.body).toMatchObject({
      title: "Final",
      slug: "draft",
      body: "Two\n\n## More",
      bodyHtml: "<p>Two</p>\n<h3>More</h3>",
      author: { id: agent.id, name: "Sam Agent" },
      editor: { id: agent2.id, name: "Kim Agent" },
    });
    const again = await kb.updateArticle(agent, created.id, { title: "Final", body: "Two\n\n## More" });
    expect(again.body.updatedAt).toBe(res.body.updatedAt);
    expect(again.body.editor).toEqual({ id: agent2.id, name: "Kim Agent" });
    expect(await db.kbArticleRevision.count({ where: { articleId: created.id } })).toBe(2);
  });

  it("the published date is set the first time it is published and kept after", async () => {
    const { agent } = await team();
    const { id } = (await kb.createArticle(agent, { title: "Status", body: "x" })).body;
    const published = (await kb.updateArticle(agent, id, { status: "published" })).body;
    expect(published.publishedAt).toEqual(expect.any(String));
    expect((await kb.updateArticle(agent, id, { status: "internal" })).body).toMatchObject({
      status: "internal",
      publishedAt: published.publishedAt,
    });
    expect((await kb.updateArticle(agent, id, { status: "published" })).body.publishedAt).toBe(published.publishedAt);
    const statuses = await db.kbArticleRevision.findMany({ where: { articleId: id }, orderBy: { createdAt: "asc" } });
    expect(statuses.map((r) => r.status)).toEqual(["draft", "published", "internal", "published"]);
  });

  it("moves it to a category and out; changes its slug unless another article has it (409)", async () => {
    const { admin, agent } = await team();
    const category = (await kb.createCategory(admin, { name: "Billing" })).body;
    const { id } = (await kb.createArticle(agent, { title: "Mine", body: "x" })).body;
    await kb.createArticle(agent, { title: "Taken", body: "x" });
    expect((await kb.updateArticle(agent, id, { categoryId: category.id })).body.categoryId).toBe(category.id);
    expect((await kb.updateArticle(agent, id, { categoryId: null })).body.categoryId).toBeNull();
    expect((await kb.updateArticle(agent, id, { slug: "my-own" })).body.slug).toBe("my-own");
    expect(await kb.updateArticle(agent, id, { slug: "taken" })).toEqual({
      status: 409,
      body: { error: SLUG_TAKEN.article, code: "conflict" },
    });
    expect((await kb.updateArticle(agent, id, { title: "" })).body.error).toBe(KB_TITLE_REQUIRED);
  });

  it("another organisation's article is a 404 and stays as it was; so is its category", async () => {
    const foreign = (await kb.createArticle(world.users.otherAdmin, { title: "Keep", body: "x" })).body;
    expect((await kb.updateArticle(world.users.agent, foreign.id, { title: "Taken over" })).status).toBe(404);
    expect((await db.kbArticle.findUniqueOrThrow({ where: { id: foreign.id } })).title).toBe("Keep");
    const own = (await kb.createArticle(world.users.agent, { title: "Own", body: "x" })).body;
    const foreignCategory = (await kb.createCategory(world.users.otherAdmin, { name: "Theirs too" })).body;
    expect((await kb.updateArticle(world.users.agent, own.id, { categoryId: foreignCategory.id })).body.error).toBe(
      "Unknown category",
    );
    expect((await kb.updateArticle(world.users.end_user, own.id, { title: "X" })).status).toBe(403);
  });
});

describe("DELETE /api/kb/articles/{id}", () => {
  it("deletes it with its revisions (204); again, or another organisation's, is a 404", async () => {
    const { agent } = await team();
    const { id } = (await kb.createArticle(agent, { title: "Gone", body: "x" })).body;
    expect(await kb.deleteArticle(agent, id)).toEqual({ status: 204, body: null });
    expect(await db.kbArticleRevision.count({ where: { articleId: id } })).toBe(0);
    expect((await kb.deleteArticle(agent, id)).status).toBe(404);
    const foreign = (await kb.createArticle(world.users.otherAdmin, { title: "Stays", body: "x" })).body;
    expect((await kb.deleteArticle(world.users.agent, foreign.id)).status).toBe(404);
    expect((await kb.deleteArticle(world.users.end_user, foreign.id)).status).toBe(403);
    expect(await db.kbArticle.count({ where: { id: foreign.id } })).toBe(1);
  });
});

describe("POST /api/kb/preview", () => {
  it("answers the help center's HTML for a body; blank is nothing; customers get 403", async () => {
    expect(await kb.preview(world.users.agent, { body: "# Title\n\n| a |\n|---|\n| 1 |" })).toEqual({
      status: 200,
      body: {
        html: "<h2>Title</h2>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>",
      },
    });
    expect((await kb.preview(world.users.agent, { body: "" })).body).toEqual({ html: "" });
    expect((await kb.preview(world.users.agent, {})).status).toBe(400);
    expect((await kb.preview(world.users.agent, { body: "b".repeat(100_001) })).status).toBe(400);
    expect((await kb.preview(world.users.end_user, { body: "x" })).status).toBe(403);
  });
});
