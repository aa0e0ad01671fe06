import type { Command } from "./palette-command";

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

/** Groups in the order they show when they fit equally well: the open ticket's actions first. */
const GROUP_ORDER = ["Ticket", "Go to", "Tickets", "Macros", "Actions"];
// The open ticket's group is named for it ("Ticket #12").
const groupRank = (group: string) => GROUP_ORDER.findIndex((g) => group === g || group.startsWith(`${g} `));

/**
 * The commands that fit what was typed, best first: a group shows as a whole, where its best
 * command ranks (the list box is read group by group, so its order is the arrow keys' order).
 */
export function ranked(scored: { command: Command; score: number }[]): Command[] {
  const fitting = scored.filter((s) => s.score > MATCH.none);
  const best = new Map<string, number>();
  for (const { command, score } of fitting) best.set(command.group, Math.max(best.get(command.group) ?? 0, score));
  return fitting
    .map((s, index) => ({ ...s, index }))
    .sort(
      (a, b) =>
        best.get(b.command.group)! - best.get(a.command.group)! ||
        groupRank(a.command.group) - groupRank(b.command.group) ||
        a.command.group.localeCompare(b.command.group) ||
        b.score - a.score ||
        a.index - b.index,
    )
    .map((s) => s.command);
}
