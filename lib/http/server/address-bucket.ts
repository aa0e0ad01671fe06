import { isIP } from "node:net";
import { plainAddress } from "@/lib/http/server/forwarded-for.mjs";

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split("%")[0]!;
  if (isIP(bare) !== 6) return undefined;
  let text = bare;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The throttle key for a client address. One IPv6 customer is usually given a whole /64, so
 * counting single IPv6 addresses would hand them 2^64 fresh counters: IPv6 clients are
 * counted by their /64 network. IPv4 (also written IPv4-mapped) is counted per address.
 */
export function addressBucket(address: string): string {
  const plain = plainAddress(address);
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
