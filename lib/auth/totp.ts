import { createHmac, randomBytes } from "node:crypto";
import { base32Decode, base32Encode } from "@/lib/security/base32";

/**
 * Time-based one-time passwords as authenticator apps make them (RFC 6238 over RFC 4226):
 * HMAC-SHA-1, six digits, 30-second steps. Small enough to keep here rather than trust a
 * dependency with the second factor.
 */
export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
/** A secret's bytes, as stored or typed (spaces, dashes, padding and case do not matter). */
export function totpSecretBytes(secret: string): Buffer {
  const bytes = base32Decode(secret.replace(/[\s=-]/g, "").toUpperCase());
  if (!bytes) throw new Error("Not a base32 secret");
  return bytes;
}

/** A new secret: 20 random bytes (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step of an instant (milliseconds since the epoch). */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_S);
}

/** The code of a step (RFC 4226 dynamic truncation); `digits` only for the RFC's 8-digit vectors. */
export function totpAt(secret: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * The step a code belongs to, trying the current one and one either side (a phone's clock a
 * little off), never one at or before `after` (a code already accepted is not accepted again);
 * null when it matches none.
 */
export function matchTotp(secret: Buffer, code: string, nowMs: number, after: number | null): number | null {
  const now = timeStep(nowMs);
  for (const step of [now, now - 1, now + 1]) {
    if (after !== null && step <= after) continue;
    if (totpAt(secret, step) === code) return step;
  }
  return null;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, account: string, issuer = "Ticketry"): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_S),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
