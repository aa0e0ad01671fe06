import { notFound } from "@/lib/errors";
import { clientIp } from "@/lib/http/server/client-ip";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { kbSuggestionOpenSchema } from "@/lib/schemas/kb-deflection";
import { findHelpCenter } from "@/lib/services/kb/help-center";
import { throttleSuggestionOpens } from "@/lib/services/kb/public-throttle";
import { recordSuggestionOpen } from "@/lib/services/kb/suggestion-opens";

// POST /api/help/<org>/suggestions/opens { slug } - the portal's customer opened a suggested
// article: 201 { id }, which the ticket they may still send names. 404 for an article the help
// center does not show (unknown, draft, internal) and while the help center is off.
export const POST = publicRoute({ body: kbSuggestionOpenSchema }, async ({ req, params, body }) => {
  await throttleSuggestionOpens(clientIp(req));
  const center = await findHelpCenter(params.org ?? "");
  if (!center) throw notFound("Help center not found");
  return json(await recordSuggestionOpen(center, body.slug), { status: 201 });
});
