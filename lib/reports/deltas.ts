/** How a figure moved against the period before, in words as well as a sign. */
export type Delta = {
  direction: "up" | "down" | "same" | "new" | "none";
  /** "Up 25% from 40", "Down 3 from 12", "Same as before", "No figure before". */
  words: string;
  /** Whether the move is for the better: fewer minutes are, more tickets solved are; null: neither. */
  better: boolean | null;
};

/**
 * A summary card's change from the previous period. `lowerIsBetter` for waiting times and the
 * backlog; null for counts that are neither good nor bad in themselves (tickets created).
 */
export function deltaOf(current: number | null, previous: number | null, lowerIsBetter: boolean | null): Delta {
  if (current === null) return { direction: "none", words: "No figure in this period", better: null };
  if (previous === null) return { direction: "new", words: "No figure before", better: null };
  if (current === previous) return { direction: "same", words: `Same as before (${previous})`, better: null };
  const direction = current > previous ? "up" : "down";
  const word = direction === "up" ? "Up" : "Down";
  const change =
    previous === 0
      ? `${Math.abs(current - previous)}`
      : `${Math.round((Math.abs(current - previous) / previous) * 100)}%`;
  const better = lowerIsBetter === null ? null : (direction === "down") === lowerIsBetter;
  return { direction, words: `${word} ${change} from ${previous}`, better };
}

/** A share in whole percent ("80%"), or a dash when nothing counts. */
export const shareOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

/** Minutes as people read them: "45 min", "3 h 20 min", "2 d 4 h"; a dash for none. */
export function minutesText(value: number | null): string {
  if (value === null) return "–";
  if (value < 60) return `${value} min`;
  if (value < 24 * 60) return `${Math.floor(value / 60)} h${value % 60 ? ` ${value % 60} min` : ""}`;
  const days = Math.floor(value / (24 * 60));
  const hours = Math.floor((value % (24 * 60)) / 60);
  return `${days} d${hours ? ` ${hours} h` : ""}`;
}
