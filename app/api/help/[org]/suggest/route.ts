import { notFound } from "@/lib/errors";
import { clientIp } from "@/lib/http/server/client-ip";
import { publicRoute } from "@/lib/http/server/route";
import { kbQuerySchema } from "@/lib/schemas/kb";
import { findHelpCenter } from "@/lib/services/kb/help-center";
import { throttleSuggestions } from "@/lib/services/kb/public-throttle";
import { suggestArticles } from "@/lib/services/kb/search";

// GET /api/help/<org>/suggest?q=... - at most three published articles matching what a customer
// types (the portal's new ticket form): [{ title, slug, summary }]. 404 while the help center is off.
export const GET = publicRoute({ query: kbQuerySchema }, async ({ req, params, query }) => {
  await throttleSuggestions(clientIp(req));
  const center = await findHelpCenter(params.org ?? "");
  if (!center) throw notFound("Help center not found");
  return suggestArticles(center, query.q);
});
