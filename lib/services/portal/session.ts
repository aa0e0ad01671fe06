import "server-only";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/server/db";

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
