/** @jest-environment node */
import { seal, unseal } from "@/lib/server/secret-box";

describe("secret box (mailbox passwords at rest)", () => {
  afterEach(() => {
    delete process.env.MAIL_CREDENTIALS_KEY;
  });

  it("opens what it sealed, for the same context only", () => {
    const sealed = seal("p@ss wörd", "imap-password:a");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("p@ss");
    expect(unseal(sealed, "imap-password:a")).toBe("p@ss wörd");
    expect(() => unseal(sealed, "imap-password:b")).toThrow();
  });

  it("uses a fresh nonce each time", () => {
    expect(seal("same", "c")).not.toBe(seal("same", "c"));
  });

  it("refuses a changed value", () => {
    const sealed = seal("secret", "c");
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(() => unseal(`v1.${bytes.toString("base64url")}`, "c")).toThrow();
    expect(() => unseal("v2.abc", "c")).toThrow("Unknown sealed value format");
  });

  it("needs the same key: MAIL_CREDENTIALS_KEY, else one derived from the session secret", () => {
    const derived = seal("secret", "c");
    process.env.MAIL_CREDENTIALS_KEY = "a-long-random-mail-credentials-key-0123456789";
    const keyed = seal("secret", "c");
    expect(unseal(keyed, "c")).toBe("secret");
    expect(() => unseal(derived, "c")).toThrow();
    delete process.env.MAIL_CREDENTIALS_KEY;
    expect(() => unseal(keyed, "c")).toThrow();
    expect(unseal(derived, "c")).toBe("secret");
  });
});
