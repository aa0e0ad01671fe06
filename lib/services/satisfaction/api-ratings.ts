import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { forbidden } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import type { SatisfactionScore } from "@/lib/schemas/satisfaction";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/services/keyset";

/** A customer's rating as the public API and the `ticket.rating_received` webhook send it. */
export type ApiRating = {
  id: string;
  ticketId: string;
  ticketNumber: number;
  score: SatisfactionScore;
  comment: string | null;
  /** The agent it counts for (the assignee at resolution, else the last agent who replied). */
  agentId: string | null;
  ratedAt: Date;
  updatedAt: Date;
};

/** The columns an `ApiRating` is read from, for any read of ratings (`toApiRating` shapes the row). */
export const API_RATING_SELECT = {
  id: true,
  ticketId: true,
  score: true,
  comment: true,
  agentId: true,
  ratedAt: true,
  updatedAt: true,
  ticket: { select: { ticketNumber: true } },
} as const satisfies Prisma.SatisfactionRatingSelect;

type RatingRow = Prisma.SatisfactionRatingGetPayload<{ select: typeof API_RATING_SELECT }>;

export function toApiRating({ ticket, ...rating }: RatingRow): ApiRating {
  return { ...rating, ticketNumber: ticket.ticketNumber };
}

/**
 * The organisation's ratings, newest first, a page at a time. A rating keeps the time it was
 * first given (a change moves only updatedAt), so paging by (ratedAt, id) is stable.
 */
export async function listRatings(
  user: SessionUser,
  query: { limit: number; cursor?: string },
): Promise<{ ratings: ApiRating[]; nextCursor: string | null }> {
  if (!can(user, "satisfaction.read")) throw forbidden();
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db.satisfactionRating.findMany({
    where: {
      organizationId: user.organizationId,
      ...(after && {
        ratedAt: { lte: after.createdAt },
        OR: [{ ratedAt: { lt: after.createdAt } }, { id: { lt: after.id } }],
      }),
    },
    orderBy: [{ ratedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: API_RATING_SELECT,
  });
  const page = rows.slice(0, query.limit).map(toApiRating);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdAt: last.ratedAt, id: last.id }) : null;
  return { ratings: page, nextCursor };
}
