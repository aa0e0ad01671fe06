import { createHmac, timingSafeEqual } from "node:crypto";
import { BASE32_LOWER, base32Decode, base32Encode } from "@/lib/security/base32";

/**
 * Signed tokens that tie a mail to one record of one organisation. The reply token names a
 * ticket; it travels in the Reply-To address (`support+<token>@domain`) and inside our
 * Message-IDs, which replies carry in In-Reply-To and References. It is the ticket's id plus an HMAC of (organisation, ticket) with
 * a server secret: it cannot be made up, and a token of organisation A arriving at B's address
 * does not check out against B, so it does nothing there. The bounce token names one mail we
 * sent, in that mail's return path (see signBounceToken).
 *
 * Lowercase base32 only: mail systems may change the case of an address's local part.
 */
const ALPHABET = BASE32_LOWER;
const ID_CHARS = 26; // 16 bytes of a UUID
const MAC_CHARS = 16; // 80 bits of HMAC-SHA256
export const TOKEN_LENGTH = ID_CHARS + MAC_CHARS;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** What a token vouches for: the same id signed for another purpose never checks out for this one. */
type Purpose = "reply" | "bounce";
const LABELS: Record<Purpose, string> = { reply: "ticketry-reply-token", bounce: "ticketry-bounce-token" };

function mac(purpose: Purpose, secret: string, organizationId: string, id: string): string {
  const digest = createHmac("sha256", secret).update(`${LABELS[purpose]}\0${organizationId}\0${id}`).digest();
  return base32Encode(digest, ALPHABET).slice(0, MAC_CHARS);
}

const sign = (purpose: Purpose, secret: string, organizationId: string, id: string) =>
  base32Encode(uuidBytes(id), ALPHABET) + mac(purpose, secret, organizationId, id);

/** The id a token names, not yet verified (null when it cannot be one of ours). */
export function tokenId(token: string): string | null {
  const text = token.toLowerCase();
  if (text.length !== TOKEN_LENGTH) return null;
  const bytes = base32Decode(text.slice(0, ID_CHARS), ALPHABET);
  return bytes && bytes.length >= 16 ? uuidText(bytes.subarray(0, 16)) : null;
}

function verify(purpose: Purpose, secret: string, organizationId: string, token: string): string | null {
  const id = tokenId(token);
  if (!id) return null;
  const expected = Buffer.from(mac(purpose, secret, organizationId, id));
  const given = Buffer.from(token.toLowerCase().slice(ID_CHARS));
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export const signReplyToken = (secret: string, organizationId: string, ticketId: string) =>
  sign("reply", secret, organizationId, ticketId);

/** The ticket id a token names, when it was signed for this organisation; otherwise null. */
export const verifyReplyToken = (secret: string, organizationId: string, token: string) =>
  verify("reply", secret, organizationId, token);

/**
 * The token of our mail's return path (VERP): it names the outgoing mail (its delivery row), so a
 * delivery report sent back to it is known to answer that mail.
 */
export const signBounceToken = (secret: string, organizationId: string, deliveryId: string) =>
  sign("bounce", secret, organizationId, deliveryId);

/** The delivery id a return path's token names, when it was signed for this organisation; otherwise null. */
export const verifyBounceToken = (secret: string, organizationId: string, token: string) =>
  verify("bounce", secret, organizationId, token);

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
