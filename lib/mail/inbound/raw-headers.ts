import { storable } from "./storable";

/**
 * The few header values the entrances need before a full parse (the Message-ID, for
 * deduplication), read from the raw bytes' header block only: a 25 MB body is never decoded here.
 */
const HEADER_BLOCK_LIMIT = 256 * 1024;

export function headerBlock(raw: Buffer): string {
  const head = raw.subarray(0, HEADER_BLOCK_LIMIT).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  return end === -1 ? head : head.slice(0, end);
}

/** The first value of a header (unfolded, without what cannot be stored), or null. */
export function rawHeader(raw: Buffer, name: string): string | null {
  const unfolded = headerBlock(raw).replace(/\r?\n[ \t]+/g, " ");
  const wanted = name.toLowerCase();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === wanted)
      return storable(line.slice(colon + 1).trim());
  }
  return null;
}

/** `<abc@host>` -> `abc@host`; nothing usable -> null. */
export function cleanMessageId(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /<([^<>\s]+)>/.exec(value);
  const id = storable((match ? match[1] : value.trim().split(/\s+/)[0]) ?? "");
  return id && id.length <= 998 ? id : null;
}

/** Every Message-ID named in an In-Reply-To or References value, in order. */
export function messageIdList(value: string | string[] | null | undefined): string[] {
  const text = storable(Array.isArray(value) ? value.join(" ") : (value ?? ""));
  const ids = [...text.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!);
  return ids.length ? ids : text.split(/\s+/).filter((part) => part.includes("@"));
}
