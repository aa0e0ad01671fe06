import "server-only";
import { readRows } from "@/lib/server/db";
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
  reading ??= readRows<{ texts: string[] | null }>({
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

/** `searchLookup` for this database. */
export async function lookupFor(term: string): Promise<SearchLookup> {
  // No word to judge (nor to look up): no need to read the sample.
  return searchLookup(term, searchWords(term).length > 0 ? await searchSample() : []);
}

/** `relevanceLookup` for this database. */
export async function relevanceLookupFor(term: string): Promise<RelevanceLookup> {
  return relevanceLookup(term, searchWords(term).length > 0 ? await searchSample() : []);
}
