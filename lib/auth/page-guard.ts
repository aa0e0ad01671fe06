import "server-only";
import { redirect } from "next/navigation";
import { FORBIDDEN_REDIRECT, TWO_FACTOR_SETUP, UNAUTHENTICATED_REDIRECT } from "@/lib/permissions/pages";
import { can, type Permission } from "@/lib/permissions/table";
import type { SessionUser } from "@/lib/schemas/session-user";
import { getCurrentUser } from "./session";

/**
 * Server-side check for protected pages (the real gate; proxy.ts only redirects early).
 * Sends anonymous visitors to the configured path, a session that must enrol a second factor
 * first to enrolment, and users without the permission to /app.
 */
export async function requirePageUser(permission?: Permission): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(UNAUTHENTICATED_REDIRECT);
  if (user.twoFactorPending) redirect(TWO_FACTOR_SETUP);
  if (permission && !can(user, permission)) redirect(FORBIDDEN_REDIRECT);
  return user;
}
