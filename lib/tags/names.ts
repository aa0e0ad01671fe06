// What a tag name may be, without zod: the workspace's first load checks names as they are
// typed, and the validation library is loaded only with the forms that need it. The API's
// schema (lib/schemas/tags.ts) is built from these same rules.

/** Longest tag name: short enough to sit on a list row beside the ticket's badges. */
export const TAG_NAME_MAX = 40;
/** Most tags one ticket carries: more than this is no longer a label but a description. */
export const TAGS_PER_TICKET_MAX = 20;
/** Most tags one organisation may create: keeps the typeahead and the top-tags list meaningful. */
export const TAGS_PER_ORGANIZATION_MAX = 1000;
/** Most tags one request may add or remove (per list): a ticket's whole allowance. */
export const TAG_CHANGE_MAX = TAGS_PER_TICKET_MAX;

export const TAG_NAME_EMPTY = "Tag cannot be empty";
export const TAG_NAME_TOO_LONG = `Tag must be at most ${TAG_NAME_MAX} characters`;
export const TAG_NAME_INVALID = "Tags cannot contain commas, line breaks or control characters";
/** No commas (the separator people type between tags), no control characters or line breaks. */
export const TAG_NAME_PATTERN = /^[^,\p{Cc}\u2028\u2029]*$/u;

/** A tag as typed, tidied: trimmed, inner runs of spaces made one (tabs and line breaks stay, to be refused). */
export const tidyTagName = (typed: string) => typed.trim().replace(/\p{Zs}+/gu, " ");

/** The key two spellings of one tag share (what the database's unique index compares). */
export const tagKey = (name: string) => name.toLowerCase();

/** A tidied name, or the reason it cannot be a tag (the same messages the API answers). */
export function checkTagName(typed: string): { name: string } | { problem: string } {
  const name = tidyTagName(typed);
  if (name.length === 0) return { problem: TAG_NAME_EMPTY };
  if (name.length > TAG_NAME_MAX) return { problem: TAG_NAME_TOO_LONG };
  if (!TAG_NAME_PATTERN.test(name)) return { problem: TAG_NAME_INVALID };
  return { name };
}
