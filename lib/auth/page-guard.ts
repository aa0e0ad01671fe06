import "server-only";
import { redirect } from "next/navigation";
import type { Role } from "@/generated/prisma/enums";
import { FORBIDDEN_REDIRECT, UNAUTHENTICATED_REDIRECT } from "@/lib/route-access";
import { getCurrentUser, type SessionUser } from "./session";

/**
 * Server-side check for protected pages (the real gate; proxy.ts only redirects early).
 * Sends anonymous visitors to the configured path and users without the role to /app.
 */
export async function requirePageUser(roles: readonly Role[] | "any" = "any"): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(UNAUTHENTICATED_REDIRECT);
  if (roles !== "any" && !roles.includes(user.role)) redirect(FORBIDDEN_REDIRECT);
  return user;
}
