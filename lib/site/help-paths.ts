/**
 * The help center's addresses, relative to the site: one place, so the pages, the sitemap, the
 * structured data and the links in replies all name a page the same way.
 */
export function helpPaths(org: string) {
  const home = `/help/${org}`;
  return {
    home,
    category: (slug: string, page = 1) => `${home}/${slug}${page > 1 ? `?page=${page}` : ""}`,
    article: (slug: string) => `${home}/articles/${slug}`,
    search: (q?: string, page = 1) =>
      `${home}/search${q === undefined ? "" : `?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ""}`}`,
    sitemap: `${home}/sitemap.xml`,
    vote: (slug: string) => `/api/help/${org}/articles/${slug}/vote`,
  };
}
