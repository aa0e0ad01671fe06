import { relevanceLookup, searchLookup, wholeTokens } from "@/lib/tickets/search-words";

// A planner's sample of 200 searched texts: every one says "reference", one in twenty "invoice"
// and "nguyen", one in a hundred "refund", one "4242" and none "77031".
const sample = Array.from(
  { length: 200 },
  (_, i) =>
    `subject ${i}\u001freference ${1000 + i}${i % 20 === 0 ? " invoice" : ""}${i % 20 === 3 ? " nguyen" : ""}${i % 100 === 1 ? " refund" : ""}${i === 7 ? " 4242" : ""}`,
);
const words = (...list: string[]) => ({ by: "words", words: list });
const pattern = { by: "pattern" };

describe("searchLookup", () => {
  it("looks up only the rare words of a term that also has common ones", () => {
    expect(searchLookup("reference 4242", sample)).toEqual(words("4242"));
    expect(searchLookup("Reference 77031", sample)).toEqual(words("77031"));
    expect(searchLookup("okafor404 reference", sample)).toEqual(words("okafor404"));
    // A word in more than one in two hundred sampled texts is not rare.
    expect(searchLookup("invoice 77031", sample)).toEqual(words("77031"));
  });

  it("looks up only the piece of a rare word that holds its rare trigrams", () => {
    // "ngu", "guy", "uye" and "yen" are in one sampled text in twenty; "en4", "n48" and "487" in none.
    expect(searchLookup("nguyen487", sample)).toEqual(words("en487"));
    expect(searchLookup("NGUYEN487 reference", sample)).toEqual(words("en487"));
    expect(searchLookup("reference nguyen487", sample)).toEqual(words("en487"));
    // Rare trigrams at both ends: the piece spans them, common ones between included. Alone, that
    // piece is the whole term: nothing is spared, so the whole pattern.
    expect(searchLookup("reference 7nguyen7", sample)).toEqual(words("7nguyen7"));
    expect(searchLookup("7nguyen7", sample)).toEqual(pattern);
    // "x9n" and "9ng" are rare, "ngu" onwards common.
    expect(searchLookup("x9nguyen", sample)).toEqual(words("x9ng"));
  });

  it("looks up a term's rare whole tokens, those between two other characters of it", () => {
    expect(searchLookup("reference 77031.", sample)).toEqual({ by: "tokens", tokens: ["77031"] });
    expect(searchLookup("sam.Okafor404@mail.test", sample)).toEqual({ by: "tokens", tokens: ["okafor404", "mail"] });
    // "reference" is in every sampled text: not rare, so the rare words instead.
    expect(searchLookup("(reference) 77031", sample)).toEqual(words("77031"));
    // "112" is in eleven sampled texts ("subject 112", whose reference is 1112, and references
    // 1120-1129), too many for a rare word, but a token of its own in one: rare as a token.
    expect(searchLookup("reference 112.", sample)).toEqual({ by: "tokens", tokens: ["112"] });
    expect(searchLookup("reference 112", sample)).toEqual(pattern);
  });

  it("keeps the whole term when every word is rare or every word is common", () => {
    expect(searchLookup("garcia512 novak377", sample)).toEqual(pattern);
    expect(searchLookup("reference subject", sample)).toEqual(pattern);
    expect(searchLookup("invoice reference", sample)).toEqual(pattern);
  });

  it("reads a single common word in the list's order, and leaves a less common one to the planner", () => {
    expect(searchLookup("invoice", sample)).toEqual({ by: "order" });
    expect(searchLookup("Reference", sample)).toEqual({ by: "order" });
    expect(searchLookup("refund", sample)).toEqual(pattern);
    expect(searchLookup("4242", sample)).toEqual(pattern);
    // Not one word of letters and digits: the pattern, whatever its words.
    expect(searchLookup("invoice.", sample)).toEqual(pattern);
  });

  it("keeps the whole term for words too short to look up beside a longer one", () => {
    expect(searchLookup("reference 42", sample)).toEqual(pattern);
    expect(searchLookup("a reference", sample)).toEqual(pattern);
    // Unless one is a whole token no sampled text holds: " b " is in none.
    expect(searchLookup("a b reference", sample)).toEqual({ by: "tokens", tokens: ["b"] });
  });

  it("walks the tenant's tickets for a term with no trigram to look up, sample or not", () => {
    for (const term of ["in", "#42", "a b", "é", "日本", "%_"]) {
      expect(searchLookup(term, sample)).toEqual({ by: "order" });
      expect(searchLookup(term, [])).toEqual({ by: "order" });
    }
  });

  it("keeps the whole term without a sample the planner would judge by", () => {
    expect(searchLookup("reference 4242", sample.slice(0, 99))).toEqual(pattern);
    expect(searchLookup("invoice", [])).toEqual(pattern);
  });
});

describe("wholeTokens", () => {
  it("takes the runs of letters and digits with another character on both sides, lowercased", () => {
    expect(wholeTokens("sam.Nguyen106@mail.test")).toEqual(["nguyen106", "mail"]);
    expect(wholeTokens("reference 43326.")).toEqual(["43326"]);
    expect(wholeTokens(" a-b ")).toEqual(["a", "b"]);
  });

  it("leaves the first and last run, which may be part of a longer token in the text", () => {
    expect(wholeTokens("43326")).toEqual([]);
    expect(wholeTokens("reference 43326")).toEqual([]);
    expect(wholeTokens("x.y")).toEqual([]);
  });

  it("takes nothing from a term outside ASCII, which the two sides might lowercase differently", () => {
    expect(wholeTokens("café au lait")).toEqual([]);
    expect(wholeTokens("\u212A.kelvin.x")).toEqual([]);
  });
});

// Search texts as the database joins them (subject, description, customer address, name): one
// subject in twenty says "invoice", as do two descriptions whose subject does not; every
// description says "reference"; "sam" is every customer's name and one subject in four.
const texts = Array.from(
  { length: 200 },
  (_, i) =>
    `${i % 20 === 0 ? "invoice " : ""}${i % 4 === 0 ? "sam's " : ""}order ${i}\u001freference ${i}${i % 50 === 0 ? " invoice" : ""}\u001fsam@shop.test\u001fsam`,
);

describe("relevanceLookup", () => {
  it("walks for a term many subjects hold, and looks up the few others that hold it", () => {
    // Twelve texts hold "invoice" (common), ten in the subject; the two others are rare.
    expect(relevanceLookup("invoice", texts)).toEqual({ subject: "order", rest: pattern });
    expect(relevanceLookup("Order", texts)).toEqual({ subject: "order", rest: pattern });
  });

  it("looks up the subjects of a term they rarely hold, and walks for the rest when it is common there", () => {
    expect(relevanceLookup("reference", texts)).toEqual({ subject: "index", rest: { by: "order" } });
    expect(relevanceLookup("reference 77", texts)).toEqual({ subject: "index", rest: pattern });
    expect(relevanceLookup("77031", texts)).toEqual({ subject: "index", rest: pattern });
  });

  it("walks for both parts when both hold the term often", () => {
    expect(relevanceLookup("sam", texts)).toEqual({ subject: "order", rest: { by: "order" } });
  });

  it("walks for a term with no trigram to look up, and leaves the subjects to the index without a sample", () => {
    expect(relevanceLookup("in", texts)).toEqual({ subject: "order", rest: { by: "order" } });
    expect(relevanceLookup("invoice", texts.slice(0, 99))).toEqual({ subject: "index", rest: pattern });
  });
});
