import type { NextRequest } from "next/server";
import { clientAddress } from "@/lib/http/server/client-address.mjs";
import { trustedProxyHops } from "@/lib/http/server/forwarded-for.mjs";

/**
 * The caller's address for throttling (an IPv6 client by its /64). The production server
 * (scripts/serve.mjs) makes the TCP peer the last X-Forwarded-For entry and drops a client's
 * own header unless it came from a TRUSTED_PROXIES address with TRUST_PROXY_HOPS > 0; behind them, the entry that many places
 * before the peer is the one the outermost trusted proxy wrote. A forged header therefore
 * never buys a fresh counter, and callers without a proxy are told apart by their address.
 */
export function clientIp(req: { headers: Pick<NextRequest["headers"], "get"> }): string {
  return clientAddress(req.headers.get("x-forwarded-for"), trustedProxyHops());
}
