// The caller's address as the app counts it: the throttles (lib/http/server/client-ip.ts) and the
// production server's request lanes (request-lanes.mjs) read it from the X-Forwarded-For that
// scripts/serve.mjs wrote (forwarded-for.mjs), so both count the same caller the same way.
import { isIP } from "node:net";
import { plainAddress } from "./forwarded-for.mjs";

/**
 * The eight 16-bit groups of an IPv6 address, or undefined when it is not one.
 * @param {string} address
 * @returns {number[] | undefined}
 */
function ipv6Groups(address) {
  const bare = address.split("%")[0] ?? "";
  if (isIP(bare) !== 6) return undefined;
  let text = bare;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  /** @param {string} s */
  const part = (s) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The throttle key for a client address. One IPv6 customer is usually given a whole /64, so
 * counting single IPv6 addresses would hand them 2^64 fresh counters: IPv6 clients are
 * counted by their /64 network. IPv4 (also written IPv4-mapped) is counted per address.
 * @param {string} address
 */
export function addressBucket(address) {
  const plain = plainAddress(address);
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The caller's key from the X-Forwarded-For the production server wrote: the TCP peer is the
 * last entry, and behind `hops` trusted proxies the entry that many places before it is the
 * one the outermost proxy wrote. "unknown" when there is none.
 * @param {string | null | undefined} forwardedFor
 * @param {number} hops
 */
export function clientAddress(forwardedFor, hops) {
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const address = chain[Math.max(0, chain.length - 1 - hops)];
  return address ? addressBucket(address) : "unknown";
}
