import { route } from "@/lib/http/server/route";
import { kbPreviewSchema } from "@/lib/schemas/kb-api";
import { previewArticle } from "@/lib/services/kb/preview";

// POST /api/kb/preview - the HTML the help center will show for a body, by its own renderer (staff).
export const POST = route({ permission: "kb.write", body: kbPreviewSchema, maxBodyBytes: 512 * 1024 }, ({ body }) =>
  previewArticle(body.body),
);
