import "server-only";
import { contentDisposition, DOWNLOAD_HEADERS, servedContentType } from "@/lib/attachments/serving";
import type { OpenedAttachment } from "@/lib/services/tickets/attachments";

/** A stored file as a download: never shown inline, never sniffed, never a page that runs. */
export function downloadResponse(file: OpenedAttachment): Response {
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: {
      ...DOWNLOAD_HEADERS,
      "Content-Type": servedContentType(file.contentType),
      "Content-Disposition": contentDisposition(file.filename),
      "Content-Length": String(file.data.length),
    },
  });
}
