import "server-only";
import type { Availability } from "@/generated/prisma/enums";
import { forgetSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";

/**
 * The signed-in agent's own availability: away, automatic assignment passes them by (tickets they
 * already hold stay theirs). Their session sees it at once, as after any change of the user.
 */
export async function setAvailability(user: SessionUser, availability: Availability): Promise<SessionUser> {
  const updated = await db.user.update({
    where: { id: user.id },
    data: { availability },
    select: SESSION_USER_SELECT,
  });
  forgetSessionUser(user.id);
  return updated;
}
