import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { KbArticle } from "@/lib/schemas/kb";
import { KB_INSIGHTS_DAYS, type KbInsights } from "@/lib/schemas/kb-api";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";

type Client = Prisma.TransactionClient | typeof db;

const DAY = 24 * 60 * 60_000;
const NO_RESULT_TERMS = 20;
const MOST_VIEWED = 10;

/** The first (UTC) day of the last 30, today included: the daily figures are kept per UTC day. */
export function firstInsightsDay(now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (KB_INSIGHTS_DAYS - 1) * DAY);
}

/** An article's figures of the last 30 days, as its editor shows them. */
export async function articleFigures(
  client: Client,
  organizationId: string,
  articleId: string,
  now = new Date(),
): Promise<KbArticle["stats"]> {
  const since = firstInsightsDay(now);
  const [figures, sentInReplies] = await Promise.all([
    client.kbArticleDailyStat.aggregate({
      where: { articleId, organizationId, day: { gte: since } },
      _sum: { views: true, helpfulYes: true, helpfulNo: true },
    }),
    client.kbArticleSent.count({ where: { articleId, organizationId, createdAt: { gte: since } } }),
  ]);
  return {
    views: figures._sum.views ?? 0,
    helpfulYes: figures._sum.helpfulYes ?? 0,
    helpfulNo: figures._sum.helpfulNo ?? 0,
    sentInReplies,
  };
}

/**
 * The knowledge base screen's last 30 days: what visitors searched for without finding anything
 * (what to write next), the most read articles, how helpful readers found them, and how many
 * customers opened a suggested article and then wrote no ticket.
 */
export async function kbInsights(user: SessionUser, now = new Date()): Promise<KbInsights> {
  const { organizationId } = user;
  const since = firstInsightsDay(now);
  const sinceTime = new Date(now.getTime() - KB_INSIGHTS_DAYS * DAY);
  const [terms, viewed, helpful, suggestionOpens, deflections] = await Promise.all([
    db.$queryRaw<{ term: string; searches: number }[]>`
      SELECT "term", SUM("searches")::int AS "searches" FROM "KbSearchTerm"
      WHERE "organizationId" = ${organizationId} AND "day" >= ${since}::date AND "results" = 0
      GROUP BY "term" ORDER BY 2 DESC, "term" ASC LIMIT ${NO_RESULT_TERMS}`,
    db.$queryRaw<KbInsights["mostViewed"]>`
      SELECT a."id", a."title", a."slug", s."views", s."helpfulYes", s."helpfulNo"
      FROM (
        SELECT "articleId", SUM("views")::int AS "views", SUM("helpfulYes")::int AS "helpfulYes",
          SUM("helpfulNo")::int AS "helpfulNo"
        FROM "KbArticleDailyStat" WHERE "organizationId" = ${organizationId} AND "day" >= ${since}::date
        GROUP BY "articleId"
      ) s JOIN "KbArticle" a ON a."id" = s."articleId" AND a."organizationId" = ${organizationId}
      WHERE s."views" > 0
      ORDER BY s."views" DESC, a."title" ASC, a."id" ASC LIMIT ${MOST_VIEWED}`,
    db.kbArticleDailyStat.aggregate({
      where: { organizationId, day: { gte: since } },
      _sum: { helpfulYes: true, helpfulNo: true },
    }),
    db.kbSuggestionOpen.count({ where: { organizationId, createdAt: { gte: sinceTime } } }),
    db.kbSuggestionOpen.count({ where: { organizationId, createdAt: { gte: sinceTime }, ticketId: null } }),
  ]);
  return {
    noResultSearches: terms,
    mostViewed: viewed,
    helpful: { yes: helpful._sum.helpfulYes ?? 0, no: helpful._sum.helpfulNo ?? 0 },
    deflections,
    suggestionOpens,
  };
}
