// What the production server (scripts/serve.mjs) hands the app as X-Forwarded-For: the TCP
// peer is always the last entry; what the request already carried is kept only when trusted
// proxies sit in front (each appends the address it saw), so a client's own header is dropped.

/** TRUST_PROXY_HOPS as a whole number; anything else means no trusted proxy. */
export function trustedProxyHops(value = process.env.TRUST_PROXY_HOPS) {
  return Math.max(0, Math.floor(Number(value ?? 0)) || 0);
}

export function forwardedFor(header, peer, hops = trustedProxyHops()) {
  const sent = Array.isArray(header) ? header.join(", ") : header;
  return hops > 0 && sent ? `${sent}, ${peer}` : peer;
}
