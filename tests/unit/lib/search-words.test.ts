import { rareWords } from "@/lib/tickets/search-words";

// A planner's sample of 200 searched texts: every one says "reference", a few say "invoice",
// one says "4242" and none says "77031".
const sample = Array.from(
  { length: 200 },
  (_, i) => `subject ${i}\u001freference ${1000 + i}${i % 20 === 0 ? " invoice" : ""}${i === 7 ? " 4242" : ""}`,
);

describe("rareWords", () => {
  it("looks up only the rare words of a term that also has common ones", () => {
    expect(rareWords("reference 4242", sample)).toEqual(["4242"]);
    expect(rareWords("Reference 77031", sample)).toEqual(["77031"]);
    expect(rareWords("okafor404@mail.test reference", sample)).toEqual(["okafor404", "mail", "test"]);
  });

  it("keeps the whole term when every word is rare or every word is common", () => {
    expect(rareWords("garcia512 novak377", sample)).toBeNull();
    expect(rareWords("reference subject", sample)).toBeNull();
    // A word in more than one in two hundred sampled texts is common.
    expect(rareWords("invoice 77031", sample)).toEqual(["77031"]);
    expect(rareWords("invoice reference", sample)).toBeNull();
  });

  it("keeps the whole term for one word, or words too short to look up", () => {
    expect(rareWords("4242", sample)).toBeNull();
    expect(rareWords("reference 42", sample)).toBeNull();
    expect(rareWords("a b reference", sample)).toBeNull();
  });

  it("keeps the whole term without a sample the planner would judge by", () => {
    expect(rareWords("reference 4242", sample.slice(0, 99))).toBeNull();
    expect(rareWords("reference 4242", [])).toBeNull();
  });
});
