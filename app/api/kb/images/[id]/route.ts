import { imageResponse } from "@/lib/http/server/image-response";
import { publicRoute } from "@/lib/http/server/route";
import { openImage } from "@/lib/services/kb/images";

// GET /api/kb/images/{id} - an article's image: to anyone while a published article of a help
// center that is on shows it, to the team of its organisation always; otherwise a 404.
export const GET = publicRoute({}, async ({ user, params }) => imageResponse(await openImage(user, params.id!)));
