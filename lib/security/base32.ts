/**
 * Base32 (RFC 4648) without padding, in the alphabet a caller needs: upper case for the secrets
 * authenticator apps read, lower case for mail addresses, whose case mail systems may change.
 */
export const BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const BASE32_LOWER = BASE32_UPPER.toLowerCase();

export function base32Encode(bytes: Uint8Array, alphabet = BASE32_UPPER): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes a text in `alphabet` stands for; null when it holds any other character. */
export function base32Decode(text: string, alphabet = BASE32_UPPER): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const index = alphabet.indexOf(char);
    if (index === -1) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
