/**
 * How well a command's words fit what was typed in the palette, forgivingly: "set priority
 * high", "prio high" and "high priority" all find "Set priority: High". 0 means no match; more
 * is better: the label starting with what was typed, then every typed word starting a word of
 * the label, then every typed word found anywhere in the label or the command's other words.
 */
export const MATCH = { none: 0, somewhere: 1, words: 2, start: 3 } as const;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}#]+/u)
    .filter(Boolean);

export function matchScore(typed: string, label: string, keywords = ""): number {
  const wanted = words(typed);
  if (wanted.length === 0) return MATCH.somewhere;
  const own = words(label);
  if (own.join(" ").startsWith(wanted.join(" "))) return MATCH.start;
  if (wanted.every((w) => own.some((o) => o.startsWith(w)))) return MATCH.words;
  const all = [...own, ...words(keywords)].join(" ");
  return wanted.every((w) => all.includes(w)) ? MATCH.somewhere : MATCH.none;
}
