import type { NextRequest } from "next/server";
import { badRequest, payloadTooLarge, unsupportedMediaType } from "@/lib/errors";
import { refuseUnstorableText, utf8Text } from "@/lib/http/server/input-text";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Reads the body, stopping as soon as it passes `maxBytes` (no unbounded buffering). */
export async function readLimitedBytes(req: NextRequest, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A body taken as bytes (a raw mail message): 415 for another content type, 413 when too large,
 * 400 when empty. Its bytes are kept as sent, whatever they are: the mail parser cleans what it reads.
 */
export async function readRawBody(req: NextRequest, contentType: RegExp, maxBytes: number): Promise<Buffer> {
  const type = (req.headers.get("content-type") ?? "").trim();
  if (!contentType.test(type)) throw unsupportedMediaType("Content-Type must be message/rfc822 or text/plain");
  const raw = await readLimitedBytes(req, maxBytes);
  if (raw.length === 0) throw badRequest("Request body is required");
  return raw;
}

/**
 * Parses a JSON request body: 415 for another content type, 413 when too large, 400 when
 * malformed, not UTF-8 or holding a character that cannot be stored (see input-text.ts).
 */
export async function readJsonBody(req: NextRequest, maxBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) throw unsupportedMediaType();
  const text = utf8Text(await readLimitedBytes(req, maxBytes));
  if (text.trim() === "") throw badRequest("Request body is required");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body");
  }
  refuseUnstorableText(value);
  return value;
}
