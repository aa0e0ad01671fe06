import "server-only";
import { contentDisposition, DOWNLOAD_HEADERS } from "@/lib/attachments/serving";

/** A CSV file streamed as a download under its name, with the headers of every download. */
export function csvResponse(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...DOWNLOAD_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(filename),
    },
  });
}
