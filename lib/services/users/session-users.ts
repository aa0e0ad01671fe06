import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";

/** The columns of a SessionUser, for a Prisma `select`. */
export const SESSION_USER_SELECT = {
  id: true,
  organizationId: true,
  role: true,
  email: true,
  fullName: true,
  username: true,
  avatar: true,
  isActive: true,
  availability: true,
  sessionVersion: true,
} as const satisfies Record<Exclude<keyof SessionUser, "apiToken" | "twoFactorPending">, true>;

const SESSION_USER_COLUMNS = Prisma.raw(
  Object.keys(SESSION_USER_SELECT)
    .map((column) => `"${column}"`)
    .join(", "),
);

/** The users of `ids` as the session check sees them (the session check reads them on every request its cache misses). */
export function readSessionUsers(ids: string[]): Promise<SessionUser[]> {
  return queryRows<SessionUser>(
    Prisma.sql`SELECT ${SESSION_USER_COLUMNS} FROM "User" WHERE "id" = ANY(${ids}::text[])`,
  );
}
