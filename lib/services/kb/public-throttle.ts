import "server-only";
import { hit, type Limit } from "@/lib/services/rate-limit";

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
