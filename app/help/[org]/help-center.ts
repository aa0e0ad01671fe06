import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { findHelpCenter, type HelpCenter } from "@/lib/services/kb/help-center";
import { pageMetadata } from "@/lib/site/seo";

/**
 * The help center a page belongs to, looked up once per request (layout, metadata and page
 * share it); an unknown organisation and a help center turned off are both a 404.
 */
export const helpCenterOf = cache(async (org: string): Promise<HelpCenter> => {
  const center = await findHelpCenter(org);
  if (!center) notFound();
  return center;
});

/** A help center page's title ("<page> - <organisation> Help Center"), description and canonical address. */
export function helpMetadata(
  center: HelpCenter,
  { title, description, path, index = true }: { title?: string; description: string; path: string; index?: boolean },
): Metadata {
  const site = `${center.name} Help Center`;
  const metadata = pageMetadata({ title: title ? `${title} - ${site}` : site, description, path, absolute: true });
  return {
    ...metadata,
    openGraph: { ...metadata.openGraph, siteName: site },
    ...(index ? {} : { robots: { index: false, follow: true } }),
  };
}

/** A whole page number from the query ("?page=2"), 1 when absent or odd. */
export function pageNumber(value: string | string[] | undefined): number {
  const n = typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return Math.max(1, n);
}
