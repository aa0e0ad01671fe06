import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A one-time secret: 256 random bits, URL-safe. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A 6-digit one-time code (portal sign-in). */
export function newNumericCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
