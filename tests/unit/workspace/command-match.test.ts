import { MATCH, matchScore } from "@/components/workspace/command-match";

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
