import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed reply token that ties a mail to one ticket of one organisation. It travels in the
 * Reply-To address (`support+<token>@domain`) and inside our Message-IDs, which replies carry in
 * In-Reply-To and References. It is the ticket's id plus an HMAC of (organisation, ticket) with
 * a server secret: it cannot be made up, and a token of organisation A arriving at B's address
 * does not check out against B, so it does nothing there.
 *
 * Lowercase base32 only: mail systems may change the case of an address's local part.
 */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const ID_CHARS = 26; // 16 bytes of a UUID
const MAC_CHARS = 16; // 80 bits of HMAC-SHA256
export const TOKEN_LENGTH = ID_CHARS + MAC_CHARS;

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    const index = ALPHABET.indexOf(char);
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

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

function mac(secret: string, organizationId: string, ticketId: string): string {
  const digest = createHmac("sha256", secret).update(`ticketry-reply-token\0${organizationId}\0${ticketId}`).digest();
  return base32(digest).slice(0, MAC_CHARS);
}

export function signReplyToken(secret: string, organizationId: string, ticketId: string): string {
  return base32(uuidBytes(ticketId)) + mac(secret, organizationId, ticketId);
}

/** The ticket id a token names, when it was signed for this organisation; otherwise null. */
export function verifyReplyToken(secret: string, organizationId: string, token: string): string | null {
  const text = token.toLowerCase();
  if (text.length !== TOKEN_LENGTH) return null;
  const bytes = unbase32(text.slice(0, ID_CHARS));
  if (!bytes || bytes.length < 16) return null;
  const ticketId = uuidText(bytes.subarray(0, 16));
  const expected = Buffer.from(mac(secret, organizationId, ticketId));
  const given = Buffer.from(text.slice(ID_CHARS));
  return expected.length === given.length && timingSafeEqual(expected, given) ? ticketId : null;
}

/** Our Message-IDs: `ticket.<token>.<unique>@<domain>`; a reply names them in In-Reply-To/References. */
export function threadMessageId(token: string, unique: string, domain: string): string {
  return `<ticket.${token}.${unique}@${domain}>`;
}

/** The tokens inside Message-IDs that look like ours (still to be verified). */
export function tokensInMessageIds(ids: string[]): string[] {
  const tokens: string[] = [];
  for (const id of ids) {
    const match = /^<?ticket\.([a-z2-7]+)\.[^@]+@/i.exec(id);
    if (match && match[1]!.length === TOKEN_LENGTH) tokens.push(match[1]!.toLowerCase());
  }
  return tokens;
}
