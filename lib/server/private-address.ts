import "server-only";
import { BlockList, isIP } from "node:net";

/**
 * Addresses Ticketry refuses to connect to on a tenant's behalf (a mail server, a webhook
 * endpoint): without the rule, a tenant could make the server probe its own network (SSRF).
 * Loopback, private, carrier-grade NAT, link-local (the cloud metadata address), unique-local,
 * unspecified, multicast, reserved and NAT64 ranges; IPv4-mapped IPv6 addresses are checked as
 * the IPv4 address they carry (the block list maps the hex form itself).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
  const family = isIP(ip);
  if (family === 4) return PRIVATE.check(ip, "ipv4");
  if (family === 6) return PRIVATE.check(ip, "ipv6");
  return true;
}
