import { PLACEHOLDER_KEYS, placeholderProblem, renderPlaceholders } from "@/lib/macros/placeholders";
import { macroInputSchema } from "@/lib/schemas/macros";

const context = {
  ticket: { ticketNumber: 42, subject: "Printer on fire", customerName: "Casey Jones", customerEmail: "casey@x.test" },
  agent: { fullName: "Sam Agent" },
  organization: { name: "Acme" },
};

describe("macro placeholders", () => {
  it("fills every documented placeholder from the ticket, the agent and the organisation", () => {
    const text = PLACEHOLDER_KEYS.map((k) => `${k}={{${k}}}`).join("|");
    expect(renderPlaceholders(text, context)).toBe(
      [
        "customer.name=Casey Jones",
        "customer.firstName=Casey",
        "customer.email=casey@x.test",
        "ticket.number=42",
        "ticket.subject=Printer on fire",
        "agent.name=Sam Agent",
        "agent.firstName=Sam",
        "organization.name=Acme",
      ].join("|"),
    );
  });

  it("allows spaces inside the braces", () => {
    expect(renderPlaceholders("Hi {{ customer.firstName }}!", context)).toBe("Hi Casey!");
  });

  it("uses a fallback that reads well when a value is missing, never the placeholder or 'undefined'", () => {
    const bare = {
      ticket: { ticketNumber: 7, subject: " ", customerName: "Customer", customerEmail: "customer@unknown.invalid" },
      agent: { fullName: null },
      organization: null,
    };
    const out = renderPlaceholders(
      "Hi {{customer.firstName}}, {{customer.name}} at {{customer.email}} about {{ticket.subject}} from {{agent.name}} ({{agent.firstName}}) of {{organization.name}}",
      bare,
    );
    expect(out).toBe(
      "Hi there, there at your email address about your request from the support team (the support team) of our team",
    );
    expect(out).not.toMatch(/\{\{|\}\}|undefined|null/);
  });

  it("names the first unknown placeholder", () => {
    expect(placeholderProblem("Hi {{customer.phone}} and {{nope}}")).toMatch(
      /^Unknown placeholder \{\{customer\.phone\}\}/,
    );
  });

  it("refuses malformed braces: unclosed, stray closing, empty", () => {
    expect(placeholderProblem("Hi {{customer.name")).toMatch(/^Malformed placeholder/);
    expect(placeholderProblem("Hi customer.name}}")).toMatch(/^Malformed placeholder/);
    expect(placeholderProblem("Hi {{}}")).toMatch(/^Empty placeholder/);
    expect(placeholderProblem("Hi {{ }}")).toMatch(/^Empty placeholder/);
  });

  it("accepts text without placeholders and single braces", () => {
    expect(placeholderProblem("Send us {the log} please")).toBeNull();
    expect(placeholderProblem("Ticket #{{ticket.number}}")).toBeNull();
  });
});

describe("macroInputSchema", () => {
  const valid = { name: "Refund", body: "Hi {{customer.firstName}}" };

  it("leaves every field change alone unless one is given", () => {
    expect(macroInputSchema.parse(valid)).toEqual({ ...valid, status: null, priority: null, assignee: null, tags: [] });
  });

  it("refuses an unknown placeholder as a problem of the reply text", () => {
    const result = macroInputSchema.safeParse({ ...valid, body: "Hi {{customer.nickname}}" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message.slice(0, 42)])).toEqual([
      ["body", "Unknown placeholder {{customer.nickname}}."],
    ]);
  });

  it("refuses a blank or multi-line name, an unknown status and priority", () => {
    const problems = (input: object) =>
      macroInputSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(problems({ name: "  " })).toEqual(["Please give the macro a name"]);
    expect(problems({ name: "a\nb" })).toEqual(["Must be a single line without control characters"]);
    expect(problems({ status: "gone" })).toEqual(["Unknown status"]);
    expect(problems({ priority: "meh" })).toEqual(["Unknown priority"]);
  });
});
