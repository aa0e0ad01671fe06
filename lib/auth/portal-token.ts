import "server-only";
import type { NextRequest } from "next/server";
import { db } from "@/lib/server/db";
import { hashToken } from "./tokens";

/** A portal caller: one customer email in one organisation, proven by an emailed code. */
export type PortalCustomer = { sessionId: string; organizationId: string; email: string };

/** Portal access tokens last a day; Logout revokes them earlier. */
export const PORTAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** The `Authorization: Bearer <token>` value, or null. */
export function bearerToken(req: NextRequest): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(req.headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}

/**
 * The customer behind a portal access token: only its SHA-256 hash is stored, and it counts
 * only until it expires or is revoked (checked against the database on every call).
 */
export async function portalCustomerFromToken(token: string | null, now = new Date()): Promise<PortalCustomer | null> {
  if (!token) return null;
  const session = await db.portalSession.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, organizationId: true, email: true, expiresAt: true, revokedAt: true },
  });
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  return { sessionId: session.id, organizationId: session.organizationId, email: session.email };
}
