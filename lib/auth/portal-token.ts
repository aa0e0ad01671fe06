import "server-only";
import type { NextRequest } from "next/server";

/** A portal caller: one customer email in one organisation, proven by an emailed code. */
export type PortalCustomer = { sessionId: string; organizationId: string; email: string };

/** Portal access tokens last a day; Logout revokes them earlier. */
export const PORTAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The `Authorization: Bearer <token>` value, or null. */
export function bearerToken(req: NextRequest): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(req.headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}
