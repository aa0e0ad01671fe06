import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site/seo";

/** Crawl the public site only; the workspace, API and one-time-link pages stay out. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: "*",
        allow: ["/", "/pricing", "/privacy", "/docs/api"],
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
        ],
      },
    ],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
