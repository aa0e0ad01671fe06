import type { Call } from "../security/route-types";

// What the knowledge base's tests share: real image bytes of each kind an article may show, and
// an upload as a browser sends it (multipart/form-data).

/** A 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A 1x1 GIF. */
export const GIF_BYTES = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
/** The start of a JPEG (its signature is what is sniffed). */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
/** The start of a WebP (RIFF....WEBP). */
export const WEBP_BYTES = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(40, 1),
]);

/** A multipart/form-data body holding one file in `field`, with the type a browser would claim. */
export function multipartBody(filename: string, bytes: Buffer, { field = "file", type = "image/png" } = {}) {
  const boundary = `----ticketry${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: new Uint8Array(Buffer.concat([head, bytes, tail])),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The route table's call of an upload. */
export function multipartFile(filename: string, bytes: Buffer, options?: { field?: string; type?: string }): Call {
  const { body, contentType } = multipartBody(filename, bytes, options);
  return { rawBody: body, headers: { "content-type": contentType } };
}
