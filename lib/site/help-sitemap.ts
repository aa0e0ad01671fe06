import { helpPaths } from "./help-paths";
import { siteUrl } from "./seo";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The sitemap (sitemaps.org) of one help center: its home, categories and articles, absolute addresses. */
export function helpSitemapXml(
  org: string,
  {
    articles,
    categories,
  }: { articles: { slug: string; updatedAt: Date }[]; categories: { slug: string; updatedAt: Date }[] },
): string {
  const paths = helpPaths(org);
  const newest = articles[0]?.updatedAt;
  const entry = (path: string, updatedAt?: Date) =>
    `  <url><loc>${escapeXml(`${siteUrl()}${path}`)}</loc>${updatedAt ? `<lastmod>${updatedAt.toISOString()}</lastmod>` : ""}</url>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    entry(paths.home, newest),
    ...categories.map((c) => entry(paths.category(c.slug), c.updatedAt)),
    ...articles.map((a) => entry(paths.article(a.slug), a.updatedAt)),
    `</urlset>`,
    "",
  ].join("\n");
}
