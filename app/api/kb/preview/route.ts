import { route } from "@/lib/http/server/route";
import { KB_ARTICLE_REQUEST_MAX_BYTES, kbPreviewSchema } from "@/lib/schemas/kb-api";
import { previewArticle } from "@/lib/services/kb/preview";

// POST /api/kb/preview - the HTML the help center will show for a body, by its own renderer (staff).
export const POST = route(
  { permission: "kb.write", body: kbPreviewSchema, maxBodyBytes: KB_ARTICLE_REQUEST_MAX_BYTES },
  ({ body }) => previewArticle(body.body),
);
