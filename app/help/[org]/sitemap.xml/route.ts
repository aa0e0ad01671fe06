import { publicRoute } from "@/lib/http/server/route";
import { notFound } from "@/lib/errors";
import { findHelpCenter, helpCenterSitemap } from "@/lib/services/kb/help-center";
import { helpSitemapXml } from "@/lib/site/help-sitemap";

// Read when asked (never prerendered at build): articles are published at any time.
export const dynamic = "force-dynamic";

// GET /help/<org>/sitemap.xml - the help center's published articles and the categories holding
// them, for search engines (robots.txt names it); a help center turned off has none (404).
export const GET = publicRoute({}, async ({ params }) => {
  const center = await findHelpCenter(params.org ?? "");
  if (!center) throw notFound("Help center not found");
  return new Response(helpSitemapXml(center.slug, await helpCenterSitemap(center)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
});
