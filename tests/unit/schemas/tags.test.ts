import { tagKey, tagNameSchema, ticketTagsChangeSchema, TAG_NAME_INVALID } from "@/lib/schemas/tags";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("tagNameSchema", () => {
  it.each([
    ["billing", "billing"],
    ["  VIP   customer \t", "VIP customer"],
    ["non\u00a0breaking", "non breaking"],
    ["x".repeat(40), "x".repeat(40)],
    ["Ünïcode ✓", "Ünïcode ✓"],
  ])("accepts %j as %j (case kept)", (value, name) => {
    expect(tagNameSchema.parse(value)).toBe(name);
  });

  it.each([
    ["", "Tag cannot be empty"],
    ["   ", "Tag cannot be empty"],
    ["x".repeat(41), "Tag must be at most 40 characters"],
    ["a,b", TAG_NAME_INVALID],
    ["a\u0000b", TAG_NAME_INVALID],
    ["a\tb", TAG_NAME_INVALID],
    ["a\nb", TAG_NAME_INVALID],
    ["a\u2028b", TAG_NAME_INVALID],
    [7, "Tag must be text"],
    [null, "Tag must be text"],
  ])("refuses %j with %j", (value, message) => {
    expect(firstError(tagNameSchema.safeParse(value))).toBe(message);
  });

  it("makes one key of spellings that differ only in case", () => {
    expect(tagKey("Billing")).toBe(tagKey("BILLING"));
  });
});

describe("ticketTagsChangeSchema", () => {
  it("defaults the missing list to empty", () => {
    expect(ticketTagsChangeSchema.parse({ add: ["a"] })).toEqual({ add: ["a"], remove: [] });
  });

  it.each([
    [{}, "Nothing to change"],
    [{ add: [], remove: [] }, "Nothing to change"],
    [{ add: ["Billing"], remove: ["billing"] }, "A tag cannot be added and removed at once"],
    [{ add: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "At most 20 tags at once"],
  ])("refuses %j with %j", (value, message) => {
    expect(firstError(ticketTagsChangeSchema.safeParse(value))).toBe(message);
  });
});
