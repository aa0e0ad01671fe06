import type { MetadataRoute } from "next";
import { enabledHelpCenters } from "@/lib/services/kb/help-center";
import { helpPaths } from "@/lib/site/help-paths";
import { siteUrl } from "@/lib/site/seo";

// Read when asked: the help centers that are on change without a deploy.
export const dynamic = "force-dynamic";

/** Crawl the public site only; the workspace, API and one-time-link pages stay out. Each help center that is on has its own sitemap. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const helpCenters = await enabledHelpCenters();
  return {
    rules: [
      {
        userAgent: "*",
        allow: ["/", "/pricing", "/privacy", "/docs/api", "/help/", "/api/kb/images/"],
        disallow: [
          "/api/",
          "/app",
          "/admin",
          "/users",
          "/settings",
          "/profile",
          "/onboarding",
          "/platform-admin",
          "/portal",
          "/unsubscribe",
          "/reset-password",
          "/accept-invite",
          "/help/*/search",
        ],
      },
    ],
    sitemap: [`${siteUrl()}/sitemap.xml`, ...helpCenters.map(({ slug }) => `${siteUrl()}${helpPaths(slug).sitemap}`)],
  };
}
