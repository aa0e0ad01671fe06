import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { badRequest } from "@/lib/errors";

/**
 * Ticketry connects to the mail server an admin names: without a rule, a tenant could make the
 * server probe its own network (SSRF). Addresses inside these ranges are refused unless
 * IMAP_ALLOW_PRIVATE_HOSTS=true (a mail server on the same private network, or the tests).
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

export const PRIVATE_HOST_REFUSED =
  "This mail server is on a private or local network, which Ticketry does not connect to";

export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
  const family = isIP(ip);
  if (family === 4) return PRIVATE.check(ip, "ipv4");
  if (family === 6) return PRIVATE.check(ip, "ipv6");
  return true;
}

export function privateHostsAllowed(): boolean {
  return process.env.IMAP_ALLOW_PRIVATE_HOSTS === "true";
}

/**
 * The address to connect to: resolved once here and used for the connection itself (with the
 * name kept for TLS), so a DNS answer that changes between check and connect cannot sneak in.
 */
export async function resolveMailHost(host: string): Promise<string> {
  let addresses: { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw badRequest(`The mail server ${host} could not be found`);
  }
  if (addresses.length === 0) throw badRequest(`The mail server ${host} could not be found`);
  if (!privateHostsAllowed() && addresses.some(({ address }) => isPrivateAddress(address)))
    throw badRequest(PRIVATE_HOST_REFUSED);
  return addresses[0]!.address;
}
