import { readFormFile } from "@/lib/http/server/form-file";
import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { KB_IMAGE_MAX_BYTES, KB_IMAGE_TOO_LARGE } from "@/lib/schemas/kb-api";
import { uploadImage } from "@/lib/services/kb/images";

// POST /api/kb/images - upload an image for an article body: multipart field "file", PNG, JPEG,
// GIF or WebP by its bytes, at most 5 MB (staff). Answers its URL and the Markdown that shows it.
export const POST = route({ permission: "kb.write" }, async ({ req, user }) => {
  const file = await readFormFile(req, "file", { maxFileBytes: KB_IMAGE_MAX_BYTES, tooLarge: KB_IMAGE_TOO_LARGE });
  return json(await uploadImage(user, file), { status: 201 });
});
