// What the production server (scripts/serve.mjs) hands the app as X-Forwarded-For: the TCP
// peer is always the last entry; what the request already carried is kept only when it came
// through a trusted proxy (each appends the address it saw). A client that reaches the app
// port directly, or any other peer, has its own header dropped, so it cannot pick its key.
import { BlockList, isIP } from "node:net";

/**
 * TRUST_PROXY_HOPS as a whole number; anything else means no trusted proxy.
 * @param {string | undefined} [value]
 */
export function trustedProxyHops(value = process.env.TRUST_PROXY_HOPS) {
  return Math.max(0, Math.floor(Number(value ?? 0)) || 0);
}

/** The loopback proxy (nginx, Caddy on the same machine) unless TRUSTED_PROXIES names others. */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8, ::1/128";

/**
 * A peer address as written by node, IPv4-mapped IPv6 ("::ffff:10.0.0.1") read as IPv4.
 * @param {string} address
 */
export function plainAddress(address) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the proxies whose
 * X-Forwarded-For is believed. A malformed entry stops the server rather than trusting
 * something other than what was meant.
 * @param {string | undefined} [value]
 */
export function trustedProxies(value = process.env.TRUSTED_PROXIES) {
  const list = new BlockList();
  const spec = value?.trim() ? value : DEFAULT_TRUSTED_PROXIES;
  for (const entry of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (!family || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32))
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR range`);
    list.addSubnet(address, bits, family === 6 ? "ipv6" : "ipv4");
  }
  return list;
}

/**
 * @param {string} peer
 * @param {BlockList} [proxies]
 */
export function isTrustedProxy(peer, proxies = trustedProxies()) {
  const address = plainAddress(peer);
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * @param {string | string[] | undefined} header the X-Forwarded-For the request came with
 * @param {string} peer
 * @param {number} [hops]
 * @param {BlockList} [proxies]
 */
export function forwardedFor(header, peer, hops = trustedProxyHops(), proxies = trustedProxies()) {
  const sent = Array.isArray(header) ? header.join(", ") : header;
  return hops > 0 && sent && isTrustedProxy(peer, proxies) ? `${sent}, ${peer}` : peer;
}
