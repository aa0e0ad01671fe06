import { siteUrl } from "./seo";

/** schema.org BreadcrumbList of a help center page, its crumbs as absolute addresses. */
export function breadcrumbList(crumbs: { name: string; href: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: `${siteUrl()}${crumb.href}`,
    })),
  };
}
