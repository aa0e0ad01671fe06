import "server-only";
import type { NotificationPreferences } from "@/lib/schemas/notifications";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";

const SELECT = { weeklySummaryEmail: true } as const;

/** The signed-in admin's mail preferences. */
export function notificationPreferences(user: SessionUser): Promise<NotificationPreferences> {
  return db.user.findUniqueOrThrow({ where: { id: user.id }, select: SELECT });
}

/**
 * Turned off, the next weekly run passes the admin by: the job reads the preference when it
 * queues the week's mail, and a mail already queued went out with the week it told of.
 */
export function setNotificationPreferences(
  user: SessionUser,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  return db.user.update({ where: { id: user.id }, data: input, select: SELECT });
}
