import { portalRoute } from "@/lib/http/server/route";
import type { PortalSession } from "@/lib/schemas/portal";

// GET /api/portal/session - who is signed in to the portal the call names (401 when nobody is).
export const GET = portalRoute({}, ({ user }): PortalSession => ({ email: user.email, expiresAt: user.expiresAt }));
