import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, queryRows } from "@/lib/server/db";
import { KB_MARKDOWN_RENDERER_VERSION, renderKbMarkdown } from "@/lib/format/kb-markdown";

/**
 * The public help center reads: only published articles of an organisation whose help center is
 * on. Anything else (a draft, an internal article, an unknown slug, a help center turned off)
 * is simply not found, so a visitor cannot tell a hidden article from one that never existed.
 */
export type HelpCenter = { id: string; name: string; slug: string };
export type HelpArticleLink = { title: string; slug: string; summary: string };
export type HelpCategoryLink = { name: string; slug: string };
export type HelpCategorySection = HelpCategoryLink & {
  description: string;
  total: number;
  articles: HelpArticleLink[];
};
export type HelpArticle = HelpArticleLink & {
  id: string;
  bodyHtml: string;
  publishedAt: Date | null;
  updatedAt: Date;
  category: HelpCategoryLink | null;
};

/** Articles each category shows on the help center's home; its own page lists them all. */
export const HOME_ARTICLES_PER_CATEGORY = 6;
/** Articles a category page shows at a time. */
export const CATEGORY_PAGE_SIZE = 50;

/** Slugs are lowercase letters, digits and hyphens: anything else names nothing (and is not looked up). */
const SLUG = /^[a-z0-9-]{1,80}$/;
export const isSlug = (value: string) => SLUG.test(value);

export async function findHelpCenter(slug: string): Promise<HelpCenter | null> {
  if (!isSlug(slug)) return null;
  return db.organization.findFirst({
    where: { slug, helpCenterEnabled: true },
    select: { id: true, name: true, slug: true },
  });
}

/** The published articles of a category, first `limit` by title; `categoryId` null is the articles without one. */
function publishedIn(organizationId: string, categoryId: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT "title", "slug", "summary" FROM "KbArticle"
    WHERE "organizationId" = ${organizationId} AND "categoryId" ${categoryId} AND "status" = 'published'
    ORDER BY "title", "id" LIMIT ${limit}`;
}
function publishedCount(organizationId: string, categoryId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT count(*)::int FROM "KbArticle"
    WHERE "organizationId" = ${organizationId} AND "categoryId" ${categoryId} AND "status" = 'published'`;
}
const asLinks = (rows: Prisma.Sql) =>
  Prisma.sql`COALESCE((SELECT json_agg(json_build_object('title', x."title", 'slug', x."slug", 'summary', x."summary")) FROM (${rows}) AS x), '[]'::json)`;

/**
 * The home page: each category holding a published article, in the team's order, with its first
 * few articles; then the published articles without a category. One statement; each category's
 * articles come from the (organisation, category, status, title) index.
 */
export async function helpCenterHome(center: HelpCenter): Promise<{
  categories: HelpCategorySection[];
  uncategorised: HelpArticleLink[];
}> {
  const inCategory = Prisma.sql`= c."id"`;
  const rows = await queryRows<HelpCategorySection & { position: number }>(Prisma.sql`
    SELECT c."name", c."slug", c."description", c."position",
      (${publishedCount(center.id, inCategory)}) AS "total",
      ${asLinks(publishedIn(center.id, inCategory, HOME_ARTICLES_PER_CATEGORY))} AS "articles"
    FROM "KbCategory" c
    WHERE c."organizationId" = ${center.id}
    UNION ALL
    SELECT '', '', '', 2147483647, (${publishedCount(center.id, Prisma.sql`IS NULL`)}),
      ${asLinks(publishedIn(center.id, Prisma.sql`IS NULL`, HOME_ARTICLES_PER_CATEGORY * 2))}
    ORDER BY 4`);
  const uncategorised = rows.pop()?.articles ?? [];
  return {
    categories: rows.filter((c) => c.total > 0).map(({ position: _position, ...category }) => category),
    uncategorised,
  };
}

/** A category's page: its published articles by title, `page` (from 1) of CATEGORY_PAGE_SIZE. */
export async function helpCenterCategory(
  center: HelpCenter,
  slug: string,
  page = 1,
): Promise<(HelpCategorySection & { pages: number }) | null> {
  if (!isSlug(slug)) return null;
  const category = await db.kbCategory.findUnique({
    where: { organizationId_slug: { organizationId: center.id, slug } },
    select: { id: true, name: true, slug: true, description: true },
  });
  if (!category) return null;
  const where = { organizationId: center.id, categoryId: category.id, status: "published" } as const;
  const [total, articles] = await Promise.all([
    db.kbArticle.count({ where }),
    db.kbArticle.findMany({
      where,
      select: { title: true, slug: true, summary: true },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      skip: (page - 1) * CATEGORY_PAGE_SIZE,
      take: CATEGORY_PAGE_SIZE,
    }),
  ]);
  return {
    name: category.name,
    slug: category.slug,
    description: category.description,
    total,
    articles,
    pages: Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE)),
  };
}

/** A published article, its body's HTML rendered again when an older renderer made it. */
export async function helpCenterArticle(center: HelpCenter, slug: string): Promise<HelpArticle | null> {
  if (!isSlug(slug)) return null;
  const article = await db.kbArticle.findFirst({
    where: { organizationId: center.id, slug, status: "published" },
    select: {
      id: true,
      title: true,
      slug: true,
      summary: true,
      body: true,
      bodyHtml: true,
      bodyHtmlVersion: true,
      publishedAt: true,
      updatedAt: true,
      category: { select: { name: true, slug: true } },
    },
  });
  if (!article) return null;
  const { body, bodyHtmlVersion, ...shown } = article;
  return {
    ...shown,
    bodyHtml: bodyHtmlVersion < KB_MARKDOWN_RENDERER_VERSION ? renderKbMarkdown(body) : article.bodyHtml,
  };
}

/** What the help center's sitemap lists: its published articles and the categories holding one. */
export async function helpCenterSitemap(center: HelpCenter): Promise<{
  articles: { slug: string; updatedAt: Date }[];
  categories: { slug: string; updatedAt: Date }[];
}> {
  const [articles, categories] = await Promise.all([
    db.kbArticle.findMany({
      where: { organizationId: center.id, status: "published" },
      select: { slug: true, updatedAt: true },
      orderBy: { updatedAt: "desc" },
      take: 50_000 - 1_000,
    }),
    db.kbCategory.findMany({
      where: { organizationId: center.id, articles: { some: { status: "published" } } },
      select: { slug: true, updatedAt: true },
      orderBy: { position: "asc" },
    }),
  ]);
  return { articles, categories };
}

/** The help centers that are on, for robots.txt to name each one's sitemap. */
export async function enabledHelpCenters(): Promise<{ slug: string }[]> {
  return db.organization.findMany({
    where: { helpCenterEnabled: true, kbArticles: { some: { status: "published" } } },
    select: { slug: true },
    orderBy: { slug: "asc" },
  });
}
