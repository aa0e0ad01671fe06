import "server-only";
import { contentDisposition } from "@/lib/attachments/serving";
import { DOWNLOAD_CSP } from "@/lib/security/headers.mjs";
import type { OpenedImage } from "@/lib/services/kb/images";

/**
 * A knowledge base image as a picture in a page: shown inline (only PNG, JPEG, GIF and WebP are
 * ever stored, none of which runs), never sniffed, never a page of its own. The help center's
 * images may be cached by anyone for a few minutes (unpublishing takes effect within them); an
 * image only the team may see stays in the browser's private cache.
 */
export function imageResponse(image: OpenedImage): Response {
  return new Response(new Uint8Array(image.data), {
    status: 200,
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.data.length),
      "Content-Disposition": contentDisposition(image.filename).replace(/^attachment/, "inline"),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DOWNLOAD_CSP,
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": image.visibility === "public" ? "public, max-age=300" : "private, max-age=300",
    },
  });
}
