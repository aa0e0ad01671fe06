import { MAIL_SIGNATURE_MAX, mailSignatureSchema } from "@/lib/schemas/organizations";

// The organisation's mail signature: plain text with line breaks, up to a limit, nothing that
// could forge a header or hide text.

const parse = (signature: unknown) => mailSignatureSchema.safeParse({ signature });

describe("mail signature", () => {
  it("keeps line breaks and tabs, makes Windows line breaks plain and trims the ends", () => {
    expect(parse("  Dana\r\nAcme Support\r\tHelp desk\n\n").data).toEqual({
      signature: "Dana\nAcme Support\n\tHelp desk",
    });
  });

  it("accepts an empty signature (none) and one of the maximum length", () => {
    expect(parse("   ").data).toEqual({ signature: "" });
    expect(parse("x".repeat(MAIL_SIGNATURE_MAX)).success).toBe(true);
  });

  it("refuses a longer one, other control characters and anything but text", () => {
    expect(parse("x".repeat(MAIL_SIGNATURE_MAX + 1)).error?.issues[0]?.message).toBe(
      "Signature must be at most 1,000 characters",
    );
    expect(parse("Dana\u0000").error?.issues[0]?.message).toBe(
      "Signature must be plain text without control characters",
    );
    expect(parse("Dana\u2028Acme").success).toBe(false);
    expect(parse(42).error?.issues[0]?.message).toBe("Signature must be text");
    expect(mailSignatureSchema.safeParse({}).success).toBe(false);
  });
});
