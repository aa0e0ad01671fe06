/** A word in at most this share of the sampled tickets is rare enough to be looked up alone. */
const RARE_SHARE = 0.005;
/** A one-word term in at least this share is found sooner by reading the list in its own order. */
const COMMON_SHARE = 0.02;
/** Below this many sampled texts PostgreSQL does not judge patterns by its sample either. */
const MIN_SAMPLE = 100;

/**
 * How a search term is looked up:
 * - `pattern`: the whole term through the tenant's trigram index, or the list's order, as the
 *   planner judges it (PostgreSQL plans such a search afresh each time);
 * - `words`: only these rare words, or their rare pieces, through the index, the whole term tested
 *   on what they find;
 * - `tokens`: these rare whole tokens through the tenant's token keys, the whole term tested on
 *   what they find;
 * - `order`: a common word, or a term with no trigram to look up, tested on the tenant's tickets in
 *   the list's own order until the page is full, never through the index, so the statement can be
 *   planned once and kept.
 */
export type SearchLookup =
  { by: "pattern" } | { by: "words"; words: string[] } | { by: "tokens"; tokens: string[] } | { by: "order" };

export const WHOLE_PATTERN: SearchLookup = { by: "pattern" };

/** What joins the searched fields in a ticket's search text: subject, description, customer address and name, then each custom field value. */
export const SEARCH_TEXT_SEPARATOR = "\u001f";

/** The words of a term that could be looked up alone (three letters or digits: a trigram each). */
export function searchWords(term: string): string[] {
  return [...new Set(term.match(/[A-Za-z0-9]{3,}/g) ?? [])];
}

/**
 * The runs of letters and digits that stand between two other characters in `term` ("43326" in
 * "reference 43326.", "nguyen106" and "mail" in "sam.nguyen106@mail.test"): any text that holds the
 * term holds each of them as a whole token, split as the token keys split the search text. Only
 * for terms in ASCII, which JavaScript and PostgreSQL lowercase alike.
 */
export function wholeTokens(term: string): string[] {
  if (!/^[\x20-\x7e]*$/.test(term)) return [];
  const lower = term.toLowerCase();
  const bounded = [...lower.matchAll(/[a-z0-9]+/g)].filter(
    (run) => run.index > 0 && run.index + run[0].length < lower.length,
  );
  return [...new Set(bounded.map((run) => run[0]))];
}

/**
 * How to look up `term`, judged by the sample of texts PostgreSQL's planner keeps for the column
 * (so the planner agrees with the choice).
 *
 * The tenant's trigram index finds a term from its rarest trigram and then checks every other
 * trigram of the term against each candidate: for "reference 4242", where nearly every ticket
 * says "reference", that means reading the tenant's whole lists for "ref", "efe", ..., several
 * times the work of looking up "4242" alone. So only the rare words go to the index, and of a
 * rare word only the piece that holds its rare trigrams: where one ticket in twenty says
 * "nguyen", "en487" is found faster than "nguyen487", whose common trigrams add candidates.
 *
 * A single common word ("invoice" in one ticket in twenty) fills a page from the newest tickets
 * sooner than from the index, which is what the planner chooses too; deciding it here spares
 * planning the search on every request (a fifth of its time in the database).
 */
export function searchLookup(term: string, sample: readonly string[]): SearchLookup {
  // Without three letters or digits in a row ("zq", "#42", "é") the pattern holds no trigram, and
  // the index would read every organisation's entries to find the tenant's (7 s at a million
  // tickets): walk the tenant's own tickets instead.
  const words = searchWords(term).map((word) => word.toLowerCase());
  if (words.length === 0) return { by: "order" };
  if (sample.length < MIN_SAMPLE) return WHOLE_PATTERN;
  const share = (text: string) => sample.filter((sampled) => sampled.includes(text)).length / sample.length;
  const rare = (text: string) => share(text) <= RARE_SHARE;
  if (/^[A-Za-z0-9]{3,}$/.test(term) && share(words[0]!) >= COMMON_SHARE) return { by: "order" };
  // A rare whole token is found from its own short list of the tenant's token keys, which grows
  // with the tickets that hold it, not, like a trigram's, with all the tenant's text. So it is
  // judged by the texts that hold it whole: at a million tickets "770" in "reference 770." was part
  // of a longer number in two sampled texts of two hundred, too many for a rare word, but a token of
  // its own in none. Looked up as a word, its trigrams read much of the largest tenant's lists; as
  // a token, it costs as little as any other.
  const tokens = wholeTokens(term).filter((token) => tokenShare(sample, token) <= RARE_SHARE);
  if (tokens.length > 0) return { by: "tokens", tokens };
  const rareWords = words.filter(rare);
  const pieces = rareWords.map((word) => rarePiece(word, rare));
  // Worth it only when the index is spared something: a common word, or a common piece of a rare one.
  const spared = rareWords.length < words.length || pieces.some((piece, i) => piece !== rareWords[i]);
  return pieces.length > 0 && spared ? { by: "words", words: pieces } : WHOLE_PATTERN;
}

/** Each sample's tokens, split as the token keys split a search text: how many texts hold each. */
const sampledTokens = new WeakMap<readonly string[], Map<string, number>>();

/** The share of the sampled texts that hold `token` as a whole token. */
function tokenShare(sample: readonly string[], token: string): number {
  let counts = sampledTokens.get(sample);
  if (!counts) {
    counts = new Map();
    for (const text of sample)
      for (const held of new Set(text.toLowerCase().split(/[^a-z0-9]+/))) counts.set(held, (counts.get(held) ?? 0) + 1);
    sampledTokens.set(sample, counts);
  }
  return (counts.get(token) ?? 0) / sample.length;
}

/** The shortest piece of a (lowercased) rare word that holds all of its rare trigrams; the word when none is rare alone. */
function rarePiece(word: string, rare: (text: string) => boolean): string {
  const starts = Array.from({ length: word.length - 2 }, (_, i) => i).filter((i) => rare(word.slice(i, i + 3)));
  return starts.length === 0 ? word : word.slice(starts[0], starts[starts.length - 1]! + 3);
}

/**
 * How best match first looks up a term: first the tickets whose subject holds it, then the others.
 * - `subject`: `order` walks the tenant's tickets newest first until the page is full (a term in
 *   many subjects); `index` reads the tenant's subject trigram index, which also shows at once that
 *   no subject holds the term, where a walk would read every ticket to be sure.
 * - `rest`: as searchLookup, except that a common word held mostly by subjects is looked up in the
 *   index: walking for the few tickets that hold it elsewhere would read the whole tenant.
 */
export type RelevanceLookup = { subject: "order" | "index"; rest: SearchLookup };

export function relevanceLookup(term: string, sample: readonly string[]): RelevanceLookup {
  const lookup = searchLookup(term, sample);
  // No trigram to look up: both parts walk, as the search does in every order.
  if (searchWords(term).length === 0) return { subject: "order", rest: lookup };
  if (sample.length < MIN_SAMPLE) return { subject: "index", rest: lookup };
  const lower = term.toLowerCase();
  const held = sample.filter((text) => text.includes(lower));
  const inSubject = held.filter((text) => text.split(SEARCH_TEXT_SEPARATOR, 1)[0]!.includes(lower)).length;
  const common = (count: number) => count / sample.length >= COMMON_SHARE;
  return {
    subject: common(inSubject) ? "order" : "index",
    rest: lookup.by === "order" && !common(held.length - inSubject) ? WHOLE_PATTERN : lookup,
  };
}
