import "server-only";
import { randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { isAppError } from "@/lib/errors";
import { db } from "@/lib/server/db";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { NewAccounts, SsoFailure } from "@/lib/schemas/sso";
import { recordEvent } from "@/lib/services/audit";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import { assertSeatAvailable } from "@/lib/services/users/seats";

type Person = { email: string; name: string | null; issuer: string };

/**
 * The account a provider's person signs in as: the active account of that email in the
 * organisation (linked on its first single sign-on), or, when the admin chose so, a new agent.
 * An email held by another organisation, or an inactive account, is no way in.
 */
export async function accountForSso(
  organizationId: string,
  newAccounts: NewAccounts,
  person: Person,
): Promise<SessionUser | SsoFailure> {
  const existing = await db.user.findUnique({ where: { email: person.email }, select: SESSION_USER_SELECT });
  if (existing) return existing.organizationId === organizationId && existing.isActive ? existing : "no_account";
  if (newAccounts !== "create_agent") return "no_account";
  // The account never had a password: a random one nobody knows keeps the column's promise.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    return await db.$transaction(async (tx) => {
      await assertSeatAvailable(tx, organizationId);
      const user = await tx.user.create({
        data: {
          organizationId,
          email: person.email,
          fullName: (person.name?.trim() || person.email.split("@")[0]!).slice(0, 100),
          username: person.email.split("@")[0]!.slice(0, 64),
          role: "agent",
          passwordHash,
        },
        select: SESSION_USER_SELECT,
      });
      await recordEvent(tx, {
        organizationId,
        actorId: user.id,
        actorLabel: user.fullName,
        action: "user.created_by_sso",
        targetType: "user",
        targetId: user.id,
        metadata: { email: user.email, role: user.role, issuer: person.issuer },
      });
      return user;
    });
  } catch (error) {
    if (isAppError(error) && error.code === "seat_limit_reached") return "seats";
    throw error;
  }
}
