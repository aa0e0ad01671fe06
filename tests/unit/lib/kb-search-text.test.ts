import { forHeadline, highlightedPieces, MATCH_END, MATCH_START } from "@/lib/services/kb/highlight";
import { normalisedTerm, searchWordsOf, tsQueryText, KB_SEARCH_WORDS_MAX } from "@/lib/services/kb/search-words";

describe("help center search words", () => {
  it("keeps letters and digits only, lowercased, so nothing typed is tsquery syntax", () => {
    expect(searchWordsOf("Reset & | !(pass:*) <-> 'x' \\ \"2FA\" Ünïcode")).toEqual([
      "reset",
      "pass",
      "x",
      "2fa",
      "ünïcode",
    ]);
    expect(searchWordsOf("  &|!():* ")).toEqual([]);
  });

  it("builds a query needing every word, the last one as a beginning", () => {
    expect(tsQueryText(["reset", "passw"])).toBe("reset & passw:*");
    expect(tsQueryText(["invoice"])).toBe("invoice:*");
    expect(tsQueryText([])).toBeNull();
  });

  it("caps the words a search looks for", () => {
    expect(searchWordsOf(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "))).toHaveLength(KB_SEARCH_WORDS_MAX);
  });

  it("normalises the term kept for the team", () => {
    expect(normalisedTerm("  Invoice,   DOWNLOAD! ")).toBe("invoice download");
    expect(normalisedTerm("?!")).toBe("");
  });
});

describe("highlighted pieces", () => {
  const S = MATCH_START;
  const E = MATCH_END;

  it("splits ts_headline's marks into matches and the text between them", () => {
    expect(highlightedPieces(`Reset your ${S}password${E} now, ${S}password${E}`)).toEqual([
      { text: "Reset your ", match: false },
      { text: "password", match: true },
      { text: " now, ", match: false },
      { text: "password", match: true },
    ]);
    expect(highlightedPieces("no match")).toEqual([{ text: "no match", match: false }]);
    expect(highlightedPieces("")).toEqual([]);
  });

  it("joins neighbouring matches and survives a mark without its end", () => {
    expect(highlightedPieces(`${S}reset${E}${S}pass${E}`)).toEqual([{ text: "resetpass", match: true }]);
    expect(highlightedPieces(`a ${S}b`)).toEqual([
      { text: "a ", match: false },
      { text: "b", match: true },
    ]);
  });

  it("gives back the angle brackets and ampersands sent as stand-ins, and drops marks an article held", () => {
    const sent = forHeadline(`Use <b> & ${S}fake${E} marks`);
    expect(sent).not.toMatch(/[<>&\u0002\u0003]/);
    expect(highlightedPieces(sent)).toEqual([{ text: "Use <b> & fake marks", match: false }]);
  });
});
