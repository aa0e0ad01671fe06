/** A word in at most this share of the sampled tickets is rare enough to be looked up alone. */
const RARE_SHARE = 0.005;
/** Below this many sampled texts PostgreSQL does not judge patterns by its sample either. */
const MIN_SAMPLE = 100;

/**
 * The words of a search term that its index look-up should use, or null for the whole term.
 *
 * The tenant's trigram index finds a term from its rarest trigram and then checks every other
 * trigram of the term against each candidate: for "reference 4242", where nearly every ticket
 * says "reference", that means reading the tenant's whole lists for "ref", "efe", ... (4 ms at a
 * hundred thousand tickets, against under 1 ms for "4242" alone). So when some words of a
 * several-word term are rare and others common, only the rare ones are looked up, and the whole
 * term is tested on what they find. Rare is judged by the sample of texts PostgreSQL's planner
 * keeps for the column, so the planner agrees that the look-up is narrow; a word counts if it has
 * three letters or digits (a shorter one has no trigram to look up).
 */
export function rareWords(term: string, sample: readonly string[]): string[] | null {
  if (sample.length < MIN_SAMPLE) return null;
  const words = searchWords(term);
  if (words.length < 2) return null;
  const rare = words.filter((word) => {
    const lowered = word.toLowerCase();
    return sample.filter((text) => text.includes(lowered)).length <= RARE_SHARE * sample.length;
  });
  return rare.length > 0 && rare.length < words.length ? rare : null;
}

/** The words of a term that could be looked up alone (three letters or digits: a trigram each). */
export function searchWords(term: string): string[] {
  return [...new Set(term.match(/[A-Za-z0-9]{3,}/g) ?? [])];
}
