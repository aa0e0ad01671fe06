import { renderKbMarkdown } from "@/lib/format/kb-markdown";
import { seedDemoData } from "@/prisma/seed/demo-data";
import { db, resetDatabase } from "../helpers/db";
import { kb } from "./kb-calls";

// The demo organisation's help center (/help/acme) starts with three categories and about twelve
// articles, mostly published (one draft, one internal), each with its revisions, and a month of
// figures so the knowledge base's insights show something; seeding again changes nothing.

beforeAll(async () => {
  await resetDatabase();
  await seedDemoData(db);
});

const acme = () => db.organization.findUniqueOrThrow({ where: { slug: "acme" } });

describe("the demo knowledge base", () => {
  it("has three categories and about twelve articles, mostly published, one draft, one internal", async () => {
    const org = await acme();
    const categories = await db.kbCategory.findMany({
      where: { organizationId: org.id },
      orderBy: { position: "asc" },
    });
    expect(categories.map((c) => [c.name, c.slug, c.position])).toEqual([
      ["Getting started", "getting-started", 0],
      ["Billing and plans", "billing-and-plans", 1],
      ["Account and security", "account-and-security", 2],
    ]);
    const articles = await db.kbArticle.findMany({ where: { organizationId: org.id } });
    expect(articles.length).toBeGreaterThanOrEqual(12);
    const byStatus = (status: string) => articles.filter((a) => a.status === status).length;
    expect([byStatus("draft"), byStatus("internal"), byStatus("published")]).toEqual([1, 1, articles.length - 2]);
    for (const article of articles) {
      expect({ slug: article.slug, html: article.bodyHtml }).toEqual({
        slug: article.slug,
        html: renderKbMarkdown(article.body),
      });
      expect(article.categoryId).not.toBeNull();
      expect(article.authorId).not.toBeNull();
      expect(article.publishedAt === null).toBe(article.status !== "published");
    }
    // Headings, lists, a table and a code block, as real articles have.
    const html = articles.map((a) => a.bodyHtml).join("\n");
    for (const tag of ["<h2>", "<ol>", "<ul>", "<table>", "<pre><code>"]) expect(html).toContain(tag);
    const revisions = await db.kbArticleRevision.groupBy({
      by: ["articleId"],
      where: { organizationId: org.id },
      _count: true,
    });
    expect(revisions).toHaveLength(articles.length);
  });

  it("gives the insights something to show: views, helpful votes, unanswered searches, deflections", async () => {
    const admin = await db.user.findFirstOrThrow({ where: { email: "admin@acme.test" } });
    const { status, body } = await kb.insights(admin);
    expect(status).toBe(200);
    expect(body.noResultSearches.map((s: { term: string }) => s.term)).toEqual(
      expect.arrayContaining(["change invoice currency", "sso okta"]),
    );
    expect(body.noResultSearches.map((s: { term: string }) => s.term)).not.toContain("password");
    expect(body.mostViewed.length).toBeGreaterThanOrEqual(5);
    expect(body.mostViewed[0].title).toBe("Reset your password");
    expect(body.helpful.yes).toBeGreaterThan(body.helpful.no);
    expect(body.helpful.no).toBeGreaterThan(0);
    expect(body.deflections).toBeGreaterThan(0);
    expect(body.suggestionOpens).toBeGreaterThan(body.deflections);
  });

  it("seeding again changes nothing", async () => {
    const counts = async () => ({
      categories: await db.kbCategory.count(),
      articles: await db.kbArticle.count(),
      revisions: await db.kbArticleRevision.count(),
      stats: await db.kbArticleDailyStat.count(),
      terms: await db.kbSearchTerm.count(),
      opens: await db.kbSuggestionOpen.count(),
    });
    const before = await counts();
    expect((await seedDemoData(db)).created).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
