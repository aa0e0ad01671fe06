import {
  checkCustomFieldValue,
  customFieldCreateSchema,
  customFieldUpdateSchema,
  CUSTOM_FIELD_KEY_INVALID,
  formatCustomFieldValue,
  isCalendarDate,
  type FieldDefinition,
} from "@/lib/schemas/fields-custom";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const field = (type: FieldDefinition["type"], options: string[] = []): FieldDefinition => ({
  key: "order_number",
  label: "Order number",
  type,
  options,
});

describe("customFieldCreateSchema", () => {
  it("fills the defaults of a plain text field", () => {
    expect(customFieldCreateSchema.parse({ key: "order_number", label: " Order number ", type: "text" })).toEqual({
      key: "order_number",
      label: "Order number",
      type: "text",
      helpText: "",
      options: [],
      required: false,
      customerVisible: false,
      customerEditable: false,
    });
  });

  it.each(["a", "order_number", "x1_2", "a".repeat(40)])("accepts the key %j", (key) => {
    expect(customFieldCreateSchema.safeParse({ key, label: "L", type: "text" }).success).toBe(true);
  });

  it.each(["", "1abc", "_a", "Order", "order-number", "order number", "a".repeat(41), "ordér"])(
    "refuses the key %j",
    (key) => {
      expect(firstError(customFieldCreateSchema.safeParse({ key, label: "L", type: "text" }))).toBe(
        CUSTOM_FIELD_KEY_INVALID,
      );
    },
  );

  it.each([
    [{ type: "colour" }, "Unknown field type"],
    [{ label: "" }, "Please give the field a label"],
    [{ label: "a\nb" }, "Must be a single line without control characters"],
    [{ type: "dropdown" }, "A dropdown or multi-select needs at least one option"],
    [{ type: "multi_select", options: [] }, "A dropdown or multi-select needs at least one option"],
    [{ type: "text", options: ["a"] }, "Only a dropdown or multi-select has options"],
    [{ type: "dropdown", options: ["Basic", "basic"] }, 'The option "basic" is listed twice'],
    [{ type: "dropdown", options: ["x".repeat(101)] }, "Each option must be at most 100 characters"],
    [{ type: "dropdown", options: [" "] }, "An option cannot be empty"],
    [
      { type: "dropdown", options: Array.from({ length: 101 }, (_, i) => `o${i}`) },
      "A field can have at most 100 options",
    ],
    [{ customerEditable: true }, "A field customers may fill in must be visible to them"],
    [{ required: "yes" }, "required must be true or false"],
  ])("refuses %j", (change, message) => {
    const input = { key: "k", label: "Label", type: "text", ...change };
    expect(firstError(customFieldCreateSchema.safeParse(input))).toBe(message);
  });

  it("accepts a dropdown with 100 options of 100 characters", () => {
    const options = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(100, "x"));
    expect(customFieldCreateSchema.safeParse({ key: "k", label: "L", type: "dropdown", options }).success).toBe(true);
  });
});

describe("customFieldUpdateSchema", () => {
  it("takes part of a field", () => {
    expect(customFieldUpdateSchema.parse({ label: "Order no.", position: 2 })).toEqual({
      label: "Order no.",
      position: 2,
    });
  });
  it.each([
    [{ position: -1 }, "Position must be at least 0"],
    [{ position: 1.5 }, "Position must be a whole number"],
    [{ options: ["a", "A"] }, 'The option "A" is listed twice'],
  ])("refuses %j", (input, message) => {
    expect(firstError(customFieldUpdateSchema.safeParse(input))).toBe(message);
  });
});

describe("checkCustomFieldValue", () => {
  it.each([
    ["text", " 1234 ", "1234"],
    ["text", "   ", null],
    ["text", "x".repeat(1000), "x".repeat(1000)],
    ["long_text", "line one\nline two\ttabbed", "line one\nline two\ttabbed"],
    ["long_text", "x".repeat(10_000), "x".repeat(10_000)],
    ["number", 1243, 1243],
    ["number", -5, -5],
    ["decimal", 12.5, 12.5],
    ["decimal", 3, 3],
    ["date", "2026-02-28", "2026-02-28"],
    ["date", "2024-02-29", "2024-02-29"],
    ["checkbox", true, true],
    ["checkbox", false, false],
  ] as const)("a %s field takes value %# as expected", (type, value, stored) => {
    expect(checkCustomFieldValue(field(type), value)).toEqual({ ok: true, value: stored });
  });

  it("null clears every type", () => {
    for (const type of ["text", "number", "date", "checkbox", "dropdown", "multi_select"] as const)
      expect(checkCustomFieldValue(field(type, ["a"]), null)).toEqual({ ok: true, value: null });
  });

  it.each([
    ["text", 1234, "Order number must be text"],
    ["text", "x".repeat(1001), "Order number must be at most 1,000 characters"],
    ["text", "a\nb", "Order number must be a single line"],
    ["long_text", "x".repeat(10_001), "Order number must be at most 10,000 characters"],
    ["long_text", "bell\u0007", "Order number must not hold control characters"],
    ["number", "1234", "Order number must be a whole number"],
    ["number", 12.5, "Order number must be a whole number"],
    ["number", 2 ** 60, "Order number must be a whole number"],
    ["decimal", "1.5", "Order number must be a number"],
    ["decimal", Infinity, "Order number must be a number"],
    ["decimal", NaN, "Order number must be a number"],
    ["date", "2026-02-30", "Order number must be a date written YYYY-MM-DD"],
    ["date", "26-01-01", "Order number must be a date written YYYY-MM-DD"],
    ["date", 20260101, "Order number must be a date written YYYY-MM-DD"],
    ["checkbox", "true", "Order number must be true or false"],
    ["checkbox", 1, "Order number must be true or false"],
  ] as const)("a %s field refuses value %#", (type, value, message) => {
    expect(checkCustomFieldValue(field(type), value)).toEqual({ ok: false, message });
  });

  it("a dropdown takes only one of its options", () => {
    const plan = field("dropdown", ["Basic", "Pro"]);
    expect(checkCustomFieldValue(plan, "Pro")).toEqual({ ok: true, value: "Pro" });
    for (const value of ["pro", "Gold", ["Pro"], 1])
      expect(checkCustomFieldValue(plan, value)).toEqual({
        ok: false,
        message: "Order number must be one of its options",
      });
  });

  it("a multi-select takes a list of its options, kept once each in the field's order", () => {
    const areas = field("multi_select", ["Billing", "Login", "API"]);
    expect(checkCustomFieldValue(areas, ["API", "Billing", "API"])).toEqual({ ok: true, value: ["Billing", "API"] });
    expect(checkCustomFieldValue(areas, [])).toEqual({ ok: true, value: null });
    for (const value of ["Billing", ["Gold"], [1], { a: 1 }])
      expect(checkCustomFieldValue(areas, value)).toEqual({
        ok: false,
        message: "Order number must be a list of its options",
      });
  });
});

describe("isCalendarDate and formatCustomFieldValue", () => {
  it("knows real days", () => {
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-12-31")).toBe(true);
    expect(isCalendarDate("2025-13-01")).toBe(false);
  });
  it("writes values as history reads them", () => {
    expect(formatCustomFieldValue(true)).toBe("Yes");
    expect(formatCustomFieldValue(false)).toBe("No");
    expect(formatCustomFieldValue(["Billing", "API"])).toBe("Billing, API");
    expect(formatCustomFieldValue(1243)).toBe("1243");
    expect(formatCustomFieldValue(null)).toBeNull();
    expect(formatCustomFieldValue(undefined)).toBeNull();
  });
});
