import { randomBytes } from "node:crypto";
import { hashToken } from "@/lib/auth/tokens";
import { API_TOKEN_PREFIX, API_TOKEN_SECRET_LENGTH, API_TOKEN_SHOWN_LENGTH } from "@/lib/schemas/api-tokens";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** The largest multiple of 62 a byte can hold: bytes from here up are skipped, so every character is equally likely. */
const UNBIASED_BELOW = 248;

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < UNBIASED_BELOW) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A new secret (`tkt_` and 40 base62 characters: about 238 random bits), the part the list shows,
 * and the SHA-256 hash that is all the database keeps. A hash without a salt is enough here: the
 * secret is random and long, so there is no dictionary to try, and looking it up by its hash
 * keeps each request to one indexed read.
 */
export function newApiTokenSecret(): { token: string; prefix: string; secretHash: string } {
  const token = API_TOKEN_PREFIX + randomBase62(API_TOKEN_SECRET_LENGTH);
  return { token, prefix: token.slice(0, API_TOKEN_SHOWN_LENGTH), secretHash: hashToken(token) };
}
