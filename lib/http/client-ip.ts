import type { NextRequest } from "next/server";

/**
 * The caller's address for throttling. `next start` keeps a client's own X-Forwarded-For
 * header as it is (it fills in the peer address only when the header is absent), so the
 * header is trusted only behind TRUST_PROXY_HOPS reverse proxies that each append the address
 * they saw: the entry that many places from the right is the one the outermost trusted proxy
 * wrote. Without a trusted proxy the header is ignored and every caller shares one address
 * bucket (the per-account limits still apply), so a forged header never buys a fresh counter.
 */
export function clientIp(req: NextRequest): string {
  const hops = Math.max(0, Math.floor(Number(process.env.TRUST_PROXY_HOPS ?? 0)) || 0);
  if (hops === 0) return "direct";
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[Math.max(0, chain.length - hops)] ?? "unknown";
}
