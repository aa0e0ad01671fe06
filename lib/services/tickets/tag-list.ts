import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Tag } from "@/lib/schemas/tags";
import type { SessionUser } from "@/lib/schemas/session-user";
import { queryRows } from "@/lib/server/db";

/**
 * All the organisation's tags alphabetically, any case, for the public API. An organisation
 * holds at most TAGS_PER_ORGANIZATION_MAX tags, so one answer holds them all.
 */
export async function listAllTags(user: SessionUser): Promise<Tag[]> {
  return queryRows<Tag>(Prisma.sql`
    SELECT "id", "name" FROM "Tag" WHERE "organizationId" = ${user.organizationId} ORDER BY lower("name")`);
}
