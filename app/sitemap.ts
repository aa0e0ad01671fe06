import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site/seo";

/** Public pages only. */
export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl();
  return [
    { url: `${base}/`, changeFrequency: "weekly", priority: 1 },
    { url: `${base}/pricing`, changeFrequency: "monthly", priority: 0.8 },
    { url: `${base}/privacy`, changeFrequency: "yearly", priority: 0.3 },
    { url: `${base}/docs/api`, changeFrequency: "weekly", priority: 0.5 },
  ];
}
