import { KB_QUERY_MAX } from "@/lib/schemas/kb";

/**
 * What a visitor typed, as the words a help center search looks for. Only letters and digits
 * survive, so nothing typed can be read as tsquery syntax (& | ! ( ) : * < > quotes): the query
 * is built from these words alone.
 */
const WORD = /[\p{L}\p{N}]+/gu;
/** More words than this are no question a visitor types: the rest are left out. */
export const KB_SEARCH_WORDS_MAX = 12;

export function searchWordsOf(typed: string): string[] {
  return (typed.slice(0, KB_QUERY_MAX).toLowerCase().match(WORD) ?? []).slice(0, KB_SEARCH_WORDS_MAX);
}

/**
 * The to_tsquery text for these words: all of them must be found (or, with `any`, one of them),
 * and the last one as the beginning of a word ("passw" finds "password"), since the visitor may
 * still be typing it. Null when there is no word to look for.
 */
export function tsQueryText(words: readonly string[], { any = false } = {}): string | null {
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(any ? " | " : " & ");
}

/** The search as the "searches with no result" list keeps it: its words, lowercased, one space apart. */
export function normalisedTerm(typed: string): string {
  return searchWordsOf(typed).join(" ");
}
