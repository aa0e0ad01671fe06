import { UNLIMITED } from "@/lib/plans/limits";

/** '3 / 5', or '3 / ∞' for a plan without a limit. */
export function countAgainst(current: number, limit: number) {
  return `${current} / ${limit === UNLIMITED ? "∞" : limit}`;
}
