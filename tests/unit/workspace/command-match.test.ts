import { MATCH, matchScore, ranked } from "@/components/workspace/command-match";
import type { Command } from "@/components/workspace/palette-command";

describe("matchScore", () => {
  it("finds a command by the start of its label, by the starts of its words, or anywhere", () => {
    expect(matchScore("set priority high", "Set priority: High")).toBe(MATCH.start);
    expect(matchScore("resolve", "Resolve")).toBe(MATCH.start);
    expect(matchScore("Assign to me", "Assign to me")).toBe(MATCH.start);
    expect(matchScore("prio high", "Set priority: High")).toBe(MATCH.words);
    expect(matchScore("high priority", "Set priority: High")).toBe(MATCH.words);
    expect(matchScore("resolve", "Set status: Resolved")).toBe(MATCH.words);
    expect(matchScore("orit", "Set priority: High")).toBe(MATCH.somewhere);
    expect(matchScore("password", "Profile", "account password")).toBe(MATCH.somewhere);
  });

  it("fits everything when nothing is typed, and nothing that lacks a typed word", () => {
    expect(matchScore("  ", "Settings")).toBe(MATCH.somewhere);
    expect(matchScore("set priority urgent", "Set priority: High")).toBe(MATCH.none);
    expect(matchScore("settings", "Resolve", "done solved close status")).toBe(MATCH.none);
  });
});

describe("ranked", () => {
  const command = (group: string, label: string): Command => ({
    id: `${group}-${label}`,
    group,
    label,
    icon: null,
    run: () => {},
  });
  const order = (typed: string, commands: Command[], server: Command[] = []) =>
    ranked([
      ...commands.map((c) => ({ command: c, score: matchScore(typed, c.label, c.keywords) })),
      ...server.map((c) => ({ command: c, score: MATCH.somewhere })),
    ]).map((c) => c.label);
  const onTicket = [
    command("Ticket #12", "Set status: Resolved"),
    command("Ticket #12", "Resolve"),
    command("Ticket #12", "Set priority: High"),
  ];
  const places = [command("Go to", "Closed (7d)"), command("Go to", "Settings")];
  const found = [command("Tickets", "Cannot resolve the domain")];

  it("puts the best fit first, with its group, and leaves out what does not fit", () => {
    expect(order("resolve", [...onTicket, ...places], found)).toEqual([
      "Resolve",
      "Set status: Resolved",
      "Cannot resolve the domain",
    ]);
    expect(order("closed", [...onTicket, ...places])).toEqual(["Closed (7d)"]);
    expect(order("settings", [...onTicket, ...places])).toEqual(["Settings"]);
  });

  it("keeps each group together, the open ticket's actions first when all fit alike", () => {
    expect(order("", [...places, ...onTicket], found)).toEqual([
      "Set status: Resolved",
      "Resolve",
      "Set priority: High",
      "Closed (7d)",
      "Settings",
      "Cannot resolve the domain",
    ]);
  });
});
