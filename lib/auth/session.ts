import "server-only";
import type { NextRequest } from "next/server";
import type { Role } from "@/generated/prisma/enums";

/** The signed-in user as the route wrapper sees it, loaded from the database per request. */
export type SessionUser = {
  id: string;
  organizationId: string;
  role: Role;
  email: string;
  fullName: string;
};

/**
 * Resolves the caller's session. Sign-in arrives with the accounts work; until then every
 * caller is anonymous, and the wrapper's contract stays the same.
 */
export async function getSessionUser(_req: NextRequest): Promise<SessionUser | null> {
  return null;
}
