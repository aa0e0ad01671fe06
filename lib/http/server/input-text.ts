import { badRequest } from "@/lib/errors";

/**
 * Text the API takes must be stored exactly as it was sent, so what cannot be is refused where
 * it enters (the route wrapper), with a 400 naming the field, never cleaned or left to the
 * database (which answers U+0000 with an error, a 500 to the caller):
 * - U+0000 anywhere: in a JSON string or key, a query parameter or a path id;
 * - a lone surrogate in a JSON string ("\ud800"): it has no UTF-8 form and would be stored as U+FFFD;
 * - a body that is not UTF-8 (an overlong form such as C0 80, an encoded surrogate, a stray
 *   byte): decoding it would put U+FFFD where the caller's bytes were;
 * - a malformed percent-escape in the query ("%C0%80", "%E0%80", a "%" without two hex digits),
 *   which, read leniently, would become U+FFFD or a literal "%".
 * A malformed escape in the path is refused before any route runs (proxy.ts). Other control
 * characters (tabs, line breaks) are text like any other. Headers cannot carry U+0000, and a
 * cookie or token is only decrypted or hashed, never looked up as sent. Mail is kept whatever
 * its bytes: the inbound parser removes what cannot be stored (lib/mail/inbound/storable.ts).
 */

/** The first character of `text` that cannot be stored, named as people read it; null when none. */
export function unstorableCharacter(text: string): string | null {
  if (text.includes("\u0000")) return "U+0000 (a NUL character)";
  if (text.isWellFormed()) return null;
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text)![0];
  return `a lone surrogate (U+${lone.charCodeAt(0).toString(16).toUpperCase()})`;
}

/** A field's name as a message shows it: its own bad characters escaped. */
const shown = (path: string) => JSON.stringify(path.toWellFormed());

function refuse(path: string, problem: string): never {
  const message = `${shown(path)} ${problem}`;
  throw badRequest(message, [{ path, message }]);
}

/**
 * Every string and key of a parsed JSON value (or of a query), named by its dotted path
 * ("ids.0"). A loop, not recursion: a body may nest as deep as its size allows.
 */
export function refuseUnstorableText(value: unknown): void {
  const pending: [unknown, string][] = [[value, ""]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      const bad = unstorableCharacter(item);
      if (bad) refuse(path || "body", `must not contain ${bad}`);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        const at = path ? `${path}.${key}` : key;
        const bad = unstorableCharacter(key);
        if (bad) refuse(at, `must not contain ${bad} in its name`);
        pending.push([child, at]);
      }
    }
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A body's bytes as text; a 400 when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badRequest("Request body is not valid UTF-8");
  }
}

function decodeQueryPart(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * The query string's parameters (the last of a repeated name wins), decoded strictly: a 400
 * naming the parameter for a malformed percent-escape or a character that cannot be stored.
 */
export function strictQuery(search: string): Record<string, string> {
  const entries: [string, string][] = [];
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const [rawName, rawValue] = equals < 0 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)];
    const name = decodeQueryPart(rawName);
    const value = decodeQueryPart(rawValue);
    if (name === null || value === null) refuse(name ?? rawName, "has a malformed percent-escape");
    refuseUnstorableText({ [name]: value });
    entries.push([name, value]);
  }
  return Object.fromEntries(entries);
}
