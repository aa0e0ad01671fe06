import "server-only";
import { wholeNumberSetting } from "@/lib/server/whole-number-setting.mjs";
import { hit, take, type Limit } from "@/lib/services/rate-limit";

/**
 * The help center's public calls, per client address. Suggestions are asked as a customer types
 * (a few a second at most); a vote is a click per article read.
 */
const SUGGEST_PER_ADDRESS: Limit = { limit: 120, windowMs: 60_000 };
const VOTE_PER_ADDRESS: Limit = { limit: 30, windowMs: 15 * 60_000 };
/** A suggested article opened from the portal: a click each, a few per ticket written. */
const SUGGESTION_OPEN_PER_ADDRESS: Limit = { limit: 30, windowMs: 15 * 60_000 };

export const throttleSuggestions = (address: string) => hit(`kb-suggest:${address}`, SUGGEST_PER_ADDRESS);
export const throttleVotes = (address: string) => hit(`kb-vote:${address}`, VOTE_PER_ADDRESS);
export const throttleSuggestionOpens = (address: string) =>
  hit(`kb-suggestion-open:${address}`, SUGGESTION_OPEN_PER_ADDRESS);

/**
 * Searches of the help center per address and minute: HELP_SEARCHES_PER_MINUTE (60 unless set),
 * far more than a reader types, while a stranger's flood of costly searches cannot slow the
 * organisation's help center (or its team) down.
 */
function searchLimit(): Limit {
  const perMinute = wholeNumberSetting(process.env, "HELP_SEARCHES_PER_MINUTE", {
    unit: "searches",
    least: 1,
    unset: "60 a minute",
  });
  return { limit: perMinute ?? 60, windowMs: 60_000 };
}

/** Whether the address may search now (the search page shows a wait message instead of results otherwise). */
export async function searchAllowed(address: string): Promise<boolean> {
  return (await take(`kb-search:${address}`, searchLimit())).allowed;
}
