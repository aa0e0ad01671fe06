import type { Metadata } from "next";
import { PRODUCT_NAME } from "@/lib/site/product";

export function siteUrl(): string {
  return (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
}

/** Title, description, canonical URL, Open Graph and Twitter card of a public page. */
export function pageMetadata({
  title,
  description,
  path,
  absolute = false,
}: {
  title: string;
  description: string;
  path: string;
  absolute?: boolean;
}): Metadata {
  const url = `${siteUrl()}${path}`;
  return {
    // `absolute` skips the root layout's "%s | Ticketry" template (the landing page names itself).
    title: absolute ? { absolute: title } : title,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: PRODUCT_NAME, title, description, url, locale: "en_US" },
    twitter: { card: "summary", title, description },
  };
}
