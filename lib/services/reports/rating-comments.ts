import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { RATING_COMMENTS_SHOWN, type RatingComment } from "@/lib/schemas/reports";
import { queryRows } from "@/lib/server/db";
import type { Period, ReportScope } from "./scope";

/** The longest comment the list shows: a taste, the whole one is on the ticket. */
const COMMENT_CHARS = 280;

type Row = { ticketNumber: number; subject: string; score: "good" | "bad"; comment: string; ratedAt: Date };

/**
 * The range's latest ratings that carry a comment, of the report's tickets, newest first: read
 * backwards along the ratings' date index, each rating's ticket by its key.
 */
export async function ratingComments(
  { organizationId, filter }: ReportScope,
  { start, end }: Period,
): Promise<RatingComment[]> {
  const rows = await queryRows<Row>(Prisma.sql`
    SELECT t."ticketNumber", t."subject", x."score"::text AS "score", left(btrim(x."comment"), ${COMMENT_CHARS}) AS "comment",
      x."ratedAt"
    FROM "SatisfactionRating" x JOIN "Ticket" t ON t."id" = x."ticketId"
    WHERE x."organizationId" = ${organizationId} AND x."ratedAt" >= ${start} AND x."ratedAt" < ${end}
      AND btrim(COALESCE(x."comment", '')) <> '' AND t."organizationId" = ${organizationId} ${filter}
    ORDER BY x."ratedAt" DESC, x."id" DESC
    LIMIT ${RATING_COMMENTS_SHOWN}`);
  return rows.map((row) => ({ ...row, ratedAt: row.ratedAt.toISOString() }));
}
