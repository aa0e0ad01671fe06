import { notFound } from "@/lib/errors";
import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { readVoteBody } from "@/lib/http/server/vote-body";
import { findHelpCenter } from "@/lib/services/kb/help-center";
import { throttleVotes } from "@/lib/services/kb/public-throttle";
import { voteOnArticle } from "@/lib/services/kb/votes";
import { helpPaths } from "@/lib/site/help-paths";

// POST /api/help/<org>/articles/<slug>/vote - "Was this helpful?" of a published article, counted
// once per visitor, article and day: JSON { helpful } answers 204; the article page's plain form
// (helpful=yes|no) answers 303 back to the article, which then thanks the visitor.
export const POST = publicRoute({}, async ({ req, params }) => {
  const address = clientIp(req);
  await throttleVotes(address);
  const { helpful, form } = await readVoteBody(req);
  const center = await findHelpCenter(params.org ?? "");
  if (!center) throw notFound("Help center not found");
  const slug = params.slug ?? "";
  await voteOnArticle(center, slug, helpful, { address, userAgent: req.headers.get("user-agent") ?? "" });
  if (!form) return new Response(null, { status: 204 });
  return new Response(null, {
    status: 303,
    headers: { Location: `${helpPaths(center.slug).article(slug)}?voted=${helpful ? "yes" : "no"}` },
  });
});
