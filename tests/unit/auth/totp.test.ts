import { matchTotp, otpauthUrl, timeStep, totpAt, totpSecretBytes } from "@/lib/auth/totp";
import { base32Encode } from "@/lib/security/base32";

// RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII "12345678901234567890", codes of 8 digits.
const SEED = Buffer.from("12345678901234567890");
const VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s the code is %s", (seconds, code) => {
    expect(totpAt(SEED, timeStep(seconds * 1000), 8)).toBe(code);
  });

  it("six digits are the last six of the RFC's eight", () => {
    expect(totpAt(SEED, timeStep(59_000))).toBe("287082");
  });

  it("base32 round-trips and matches RFC 4648's example", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(totpSecretBytes("MZXW6YTBOI").toString()).toBe("foobar");
    expect(totpSecretBytes("mzxw 6ytb oi").toString()).toBe("foobar");
    expect(() => totpSecretBytes("not base32!")).toThrow();
  });

  it("accepts one step of drift either way and nothing further", () => {
    const now = 1_111_111_111_000;
    const step = timeStep(now);
    expect(matchTotp(SEED, totpAt(SEED, step), now, null)).toBe(step);
    expect(matchTotp(SEED, totpAt(SEED, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(SEED, totpAt(SEED, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(SEED, totpAt(SEED, step - 2), now, null)).toBeNull();
    expect(matchTotp(SEED, totpAt(SEED, step + 2), now, null)).toBeNull();
  });

  it("never accepts a step at or before the last accepted one", () => {
    const now = 1_111_111_111_000;
    const step = timeStep(now);
    expect(matchTotp(SEED, totpAt(SEED, step), now, step)).toBeNull();
    expect(matchTotp(SEED, totpAt(SEED, step - 1), now, step - 1)).toBeNull();
    expect(matchTotp(SEED, totpAt(SEED, step + 1), now, step)).toBe(step + 1);
  });

  it("builds the address authenticator apps read", () => {
    const text = otpauthUrl("JBSWY3DPEHPK3PXP", "ana@example.com");
    expect(text.startsWith("otpauth://totp/Ticketry:ana%40example.com?")).toBe(true);
    const url = new URL(text);
    expect(url.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(url.searchParams.get("issuer")).toBe("Ticketry");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
  });
});
