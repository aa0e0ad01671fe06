import "server-only";
import { mailFromAddress } from "@/lib/mail/transport";
import { normalizeAddress, replyAddress, splitReplyAddress } from "@/lib/mail/inbound/addresses";
import { replyTokenSecret } from "./secret";
import { signBounceToken } from "./token";

/** Marks a return path's token apart from a reply token in the same `local+token@domain` form. */
const PREFIX = "b-";

/**
 * The return path (VERP) of one mail an organisation sends: MAIL_FROM's address with a token that
 * names the mail, `no-reply+b-<token>@domain`. A delivery report comes back to it, and the token
 * proves the report answers that mail. It stays in MAIL_FROM's domain, which SPF already
 * vouches for; bounces arrive when that domain's mail reaches the receiver.
 */
export function returnPath(organizationId: string, deliveryId: string): string {
  return replyAddress(mailFromAddress(), PREFIX + signBounceToken(replyTokenSecret(), organizationId, deliveryId));
}

/** The token of an address shaped like one of our return paths (still to be verified), else null. */
export function bounceTokenOf(address: string): string | null {
  const { base, token } = splitReplyAddress(address);
  if (!token?.startsWith(PREFIX) || base !== normalizeAddress(mailFromAddress())) return null;
  return token.slice(PREFIX.length);
}
