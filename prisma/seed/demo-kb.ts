// The demo organisation's knowledge base: three categories, about twelve articles (mostly
// published, one draft, one internal), each with its first revision and a later one where it was
// edited, and a month of help center figures (views, helpful votes, searches that found nothing,
// suggested articles opened), so the help center and the knowledge base's insights show something
// from the first start. Written by the same renderer and slug rules as the app's own saves.
import type { PrismaClient } from "../../generated/prisma/client";
import { KB_MARKDOWN_RENDERER_VERSION, renderKbMarkdown } from "@/lib/format/kb-markdown";
import { slugify } from "@/lib/format/kb-slug";
import { DEMO_KB_ANSWERED, DEMO_KB_ARTICLES, DEMO_KB_CATEGORIES, DEMO_KB_UNANSWERED } from "./demo-kb-articles";

const DAY = 24 * 60 * 60_000;

/** The same figures on every run: a small deterministic generator. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Midnight (UTC) `days` before `now`: the daily figures are kept per UTC day. */
function utcDay(now: Date, days: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY);
}

/**
 * Seeds the knowledge base of the organisation; does nothing when it has categories already, so
 * running the seed again changes nothing.
 */
export async function seedDemoKnowledgeBase(db: PrismaClient, organizationId: string, now: Date): Promise<boolean> {
  if ((await db.kbCategory.count({ where: { organizationId } })) > 0) return false;
  const people = await db.user.findMany({ where: { organizationId }, select: { id: true, email: true } });
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  const random = prng(20261207);

  await db.$transaction(
    async (tx) => {
      const categoryId: Record<string, string> = {};
      for (const [position, category] of DEMO_KB_CATEGORIES.entries()) {
        const row = await tx.kbCategory.create({
          data: {
            organizationId,
            name: category.name,
            slug: slugify(category.name, "category"),
            description: category.description,
            position,
            createdAt: new Date(now.getTime() - 160 * DAY),
          },
        });
        categoryId[category.key] = row.id;
      }

      const published: { id: string; dailyViews: number; since: number }[] = [];
      for (const article of DEMO_KB_ARTICLES) {
        const written = new Date(now.getTime() - article.writtenDaysAgo * DAY);
        const edited =
          article.editedDaysAgo === undefined ? written : new Date(now.getTime() - article.editedDaysAgo * DAY);
        const authorId = idOf(article.author);
        const editorId = idOf(article.editor ?? article.author);
        const version = {
          title: article.title,
          summary: article.summary,
          body: article.body,
          status: article.status,
          categoryId: categoryId[article.category] ?? null,
        };
        const row = await tx.kbArticle.create({
          data: {
            organizationId,
            ...version,
            slug: slugify(article.title, "article"),
            bodyHtml: renderKbMarkdown(article.body),
            bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
            authorId,
            editorId,
            publishedAt: article.status === "published" ? written : null,
            createdAt: written,
            updatedAt: edited,
          },
        });
        // The first version as written; an article edited since has the version that edit saved.
        const revisions = [{ ...version, editorId: authorId, createdAt: written }];
        if (edited > written) {
          const firstDraft = article.body.split("\n\n").slice(0, -1).join("\n\n") || article.body;
          revisions[0] = { ...revisions[0]!, body: firstDraft };
          revisions.push({ ...version, editorId, createdAt: edited });
        }
        await tx.kbArticleRevision.createMany({
          data: revisions.map((r) => ({ organizationId, articleId: row.id, ...r })),
        });
        if (article.status === "published")
          published.push({ id: row.id, dailyViews: article.dailyViews, since: article.writtenDaysAgo });
      }

      // A month of views and helpful votes: mostly "yes", a few "no" on every article.
      const stats = published.flatMap((article) =>
        Array.from({ length: Math.min(30, article.since) }, (_, days) => {
          const weekday = utcDay(now, days).getUTCDay();
          const weekend = weekday === 0 || weekday === 6 ? 0.4 : 1;
          const views = Math.round(article.dailyViews * weekend * (0.5 + random()));
          const votes = Math.round(views * 0.12 * random() * 2);
          const no = Math.round(votes * 0.2 * random() * 2);
          return {
            articleId: article.id,
            organizationId,
            day: utcDay(now, days),
            views,
            helpfulYes: votes - no,
            helpfulNo: no,
          };
        }),
      );
      await tx.kbArticleDailyStat.createMany({ data: stats.filter((s) => s.views > 0) });

      await tx.kbSearchTerm.createMany({
        data: [
          ...DEMO_KB_UNANSWERED.flatMap(({ term, searchesPerDay, days }) =>
            days.map((d) => ({ organizationId, day: utcDay(now, d), term, searches: searchesPerDay, results: 0 })),
          ),
          ...DEMO_KB_ANSWERED.flatMap(({ term, searchesPerDay, results }) =>
            Array.from({ length: 30 }, (_, d) => ({
              organizationId,
              day: utcDay(now, d),
              term,
              searches: Math.max(1, Math.round(searchesPerDay * (0.5 + random()))),
              results,
            })),
          ),
        ],
      });

      // Customers starting a portal ticket opened a suggested article: most then wrote no ticket.
      const tickets = await tx.ticket.findMany({
        where: { organizationId },
        orderBy: { createdAt: "desc" },
        take: 3,
        select: { id: true },
      });
      const suggested = published.slice(0, 6);
      await tx.kbSuggestionOpen.createMany({
        data: Array.from({ length: 14 }, (_, i) => ({
          organizationId,
          articleId: suggested[i % suggested.length]!.id,
          ticketId: i % 4 === 3 ? (tickets[i % Math.max(1, tickets.length)]?.id ?? null) : null,
          createdAt: new Date(now.getTime() - (i * 2 + 1) * DAY),
        })),
      });
    },
    { timeout: 60_000 },
  );
  return true;
}
