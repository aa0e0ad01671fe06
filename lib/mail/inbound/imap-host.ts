import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPrivateAddress } from "@/lib/server/private-address";
import { badRequest } from "@/lib/errors";

/**
 * Ticketry connects to the mail server an admin names: addresses on private or local networks
 * (lib/server/private-address.ts) are refused unless IMAP_ALLOW_PRIVATE_HOSTS=true (a mail
 * server on the same private network, or the tests).
 */
export { isPrivateAddress } from "@/lib/server/private-address";

export const PRIVATE_HOST_REFUSED =
  "This mail server is on a private or local network, which Ticketry does not connect to";

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
