/**
 * Email addresses as the channel compares them: lowercased, and a reply address
 * `<support-local>+<token>@<domain>` split into its support address and its token.
 */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/^<|>$/g, "").trim().toLowerCase();
}

export type AddressParts = { base: string; token: string | null };

/** `support+abc@acme.test` -> base `support@acme.test`, token `abc`; no "+" -> no token. */
export function splitReplyAddress(address: string): AddressParts {
  const normalized = normalizeAddress(address);
  const at = normalized.lastIndexOf("@");
  if (at <= 0) return { base: normalized, token: null };
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at);
  const plus = local.indexOf("+");
  if (plus <= 0) return { base: normalized, token: null };
  return { base: local.slice(0, plus) + domain, token: local.slice(plus + 1) || null };
}

/** `support@acme.test` + token -> `support+<token>@acme.test`. */
export function replyAddress(supportAddress: string, token: string): string {
  const at = supportAddress.lastIndexOf("@");
  return `${supportAddress.slice(0, at)}+${token}${supportAddress.slice(at)}`;
}
