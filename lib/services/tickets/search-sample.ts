import "server-only";
import { queryRows } from "@/lib/server/db";
import {
  relevanceLookup,
  searchLookup,
  searchWords,
  type RelevanceLookup,
  type SearchLookup,
} from "@/lib/tickets/search-words";

/** How long a process trusts its copy of the planner's sample (it changes only when the table is analysed). */
const SAMPLE_TTL_MS = 15 * 60_000;

let sample: { texts: readonly string[]; readAt: number } | null = null;
let reading: Promise<readonly string[]> | null = null;

/** The planner's sample of "searchText" (pg_stats), read once per SAMPLE_TTL_MS per process. */
async function searchSample(): Promise<readonly string[]> {
  if (sample && Date.now() - sample.readAt < SAMPLE_TTL_MS) return sample.texts;
  reading ??= queryRows<{ texts: string[] | null }>({
    text: `SELECT histogram_bounds::text::text[] AS texts FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'Ticket' AND attname = 'searchText'`,
    values: [],
  })
    .then(([row]) => {
      const texts = row?.texts ?? [];
      sample = { texts, readAt: Date.now() };
      return texts;
    })
    .finally(() => (reading = null));
  return reading;
}

/** The sample a term is judged by: none for a term with no word to judge (nor to look up). */
async function sampleFor(term: string): Promise<readonly string[]> {
  return searchWords(term).length > 0 ? searchSample() : [];
}

/** `searchLookup` for this database. */
export async function lookupFor(term: string): Promise<SearchLookup> {
  return searchLookup(term, await sampleFor(term));
}

/** `relevanceLookup` for this database. */
export async function relevanceLookupFor(term: string): Promise<RelevanceLookup> {
  return relevanceLookup(term, await sampleFor(term));
}
