import { checkWaitlist } from "@/lib/schemas/mailing-list-check";
import { waitlistSchema } from "@/lib/schemas/mailing-list";

// The landing page checks the waitlist form without zod; it must agree with the server schema.
const CASES = [
  { email: "ada@example.com", consentGiven: true },
  { email: "  Ada@Example.COM ", name: " Ada ", company: "", consentGiven: true },
  { email: "", consentGiven: true },
  { email: "   ", consentGiven: true },
  { email: "not-an-email", consentGiven: true },
  { email: "a@b", consentGiven: true },
  { email: ".ada@example.com", consentGiven: true },
  { email: "ada..l@example.com", consentGiven: true },
  { email: "ada@example.c0m", consentGiven: true },
  { email: "o'brien+tag@mail.example.co.uk", consentGiven: true },
  { email: `${"a".repeat(250)}@example.com`, consentGiven: true },
  { email: "ada@example.com", name: "n".repeat(101), consentGiven: true },
  { email: "ada@example.com", company: "c".repeat(101), consentGiven: true },
  { email: "ada@example.com", name: "n".repeat(100), company: "c".repeat(100), consentGiven: true },
  { email: "ada@example.com", consentGiven: false },
];

describe("checkWaitlist", () => {
  it.each(CASES)("agrees with the server schema on %j", (values) => {
    const server = waitlistSchema.safeParse(values);
    const client = checkWaitlist(values);
    expect(client.ok).toBe(server.success);
    if (client.ok && server.success) expect(client.data).toEqual(server.data);
    if (!client.ok && !server.success) expect(client.error).toBe(server.error.issues[0]?.message);
  });
});
