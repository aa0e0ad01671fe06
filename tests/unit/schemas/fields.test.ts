import { NO_CONTROL_CHARACTERS, pageLimit, requiredEmail, searchPageQuery, singleLine } from "@/lib/schemas/fields";
import { z } from "@/lib/schemas/zod";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("requiredEmail", () => {
  const email = requiredEmail("Tell us where to write");

  it("trims and lowercases a valid address", () => {
    expect(email.parse("  Ada@Example.TEST ")).toBe("ada@example.test");
  });

  it.each([
    ["", "Tell us where to write"],
    [undefined, "Tell us where to write"],
    ["not-an-address", "Please enter a valid email address"],
    [`${"a".repeat(250)}@x.test`, "Email address is too long"],
  ])("refuses %j with %j", (value, message) => {
    expect(firstError(email.safeParse(value))).toBe(message);
  });
});

describe("pageLimit", () => {
  const limit = pageLimit(100, 25);

  it("defaults when absent and reads a number from the query string", () => {
    expect(limit.parse(undefined)).toBe(25);
    expect(limit.parse("7")).toBe(7);
  });

  it.each([
    ["x", "limit must be a number"],
    ["1.5", "limit must be a whole number"],
    ["0", "limit must be at least 1"],
    ["101", "limit must be at most 100"],
  ])("refuses %j with %j", (value, message) => {
    expect(firstError(limit.safeParse(value))).toBe(message);
  });
});

describe("searchPageQuery", () => {
  it("pages by 50 up to 200 and trims the search", () => {
    expect(searchPageQuery.parse({ q: " acme " })).toEqual({ q: "acme", limit: 50 });
    expect(firstError(searchPageQuery.safeParse({ limit: "201" }))).toBe("limit must be at most 200");
    expect(firstError(searchPageQuery.safeParse({ q: "x".repeat(201) }))).toBe("Search is too long");
  });
});

describe("singleLine", () => {
  const name = singleLine(z.string().trim());

  it("keeps ordinary names, accents, emoji and outer whitespace trimmed", () => {
    expect(name.parse("  Zoë O'Brien 🚀 ")).toBe("Zoë O'Brien 🚀");
  });

  it.each([
    "a\r\nBcc: x@y.test",
    "a\nb",
    "tab\there",
    "nul\u0000",
    "esc\u001b[31m",
    "del\u007f",
    "c1\u0085",
    "ls\u2028b",
  ])("refuses %j", (value) => {
    expect(firstError(name.safeParse(value))).toBe(NO_CONTROL_CHARACTERS);
  });
});
