import "server-only";
import type { PortalCustomer } from "@/lib/auth/portal-token";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/server/db";

/**
 * The customer behind a portal session token of the portal `slug`: only the token's SHA-256
 * hash is stored, and it counts only in its own organisation's portal, until it expires or is
 * revoked (checked against the database on every call).
 */
export async function portalCustomerFromToken(
  slug: string,
  token: string | null,
  now = new Date(),
): Promise<PortalCustomer | null> {
  if (!token) return null;
  const session = await db.portalSession.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      organizationId: true,
      email: true,
      expiresAt: true,
      revokedAt: true,
      organization: { select: { slug: true } },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= now || session.organization.slug !== slug) return null;
  return {
    sessionId: session.id,
    organizationId: session.organizationId,
    email: session.email,
    expiresAt: session.expiresAt,
  };
}
