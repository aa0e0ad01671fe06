import type { NextRequest } from "next/server";
import { badRequest, isAppError, payloadTooLarge, unsupportedMediaType } from "@/lib/errors";
import { readLimitedBytes } from "@/lib/http/server/body";

/** Room for a form's boundaries and part headers around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The file of one field of a multipart/form-data upload (an image dropped into the editor): 415
 * for another content type, 413 with `tooLarge` once the body passes the file's limit (read no
 * further than that), 400 when the form cannot be read. Null when the field holds no file.
 */
export async function readFormFile(
  req: NextRequest,
  field: string,
  { maxFileBytes, tooLarge }: { maxFileBytes: number; tooLarge: string },
): Promise<{ filename: string; content: Buffer } | null> {
  const type = (req.headers.get("content-type") ?? "").trim();
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type))
    throw unsupportedMediaType("Content-Type must be multipart/form-data");
  let raw: Buffer;
  try {
    raw = await readLimitedBytes(req, maxFileBytes + FORM_OVERHEAD_BYTES);
  } catch (error) {
    if (isAppError(error) && error.code === "payload_too_large") throw payloadTooLarge(tooLarge);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest("Malformed multipart/form-data body");
  }
  const file = form.get(field);
  if (file === null || typeof file === "string") return null;
  const content = Buffer.from(await file.arrayBuffer());
  if (content.length > maxFileBytes) throw payloadTooLarge(tooLarge);
  return { filename: file.name, content };
}
