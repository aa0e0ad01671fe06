import type { NextRequest } from "next/server";

/**
 * The caller's address for throttling. Next's server records the peer address as the last
 * X-Forwarded-For entry; anything before it was written by the client and can be forged.
 * Behind TRUST_PROXY_HOPS trusted proxies, step that many entries further left.
 */
export function clientIp(req: NextRequest): string {
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const hops = Math.max(0, Number(process.env.TRUST_PROXY_HOPS ?? 0) || 0);
  return chain[chain.length - 1 - hops] ?? chain[0] ?? req.headers.get("x-real-ip") ?? "unknown";
}
