import { createHmac, randomBytes } from "node:crypto";

/**
 * Time-based one-time passwords as authenticator apps make them (RFC 6238 over RFC 4226):
 * HMAC-SHA-1, six digits, 30-second steps. Small enough to keep here rather than trust a
 * dependency with the second factor.
 */
export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Not a base32 secret");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
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
