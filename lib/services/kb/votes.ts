import "server-only";
import { createHmac } from "node:crypto";
import { notFound } from "@/lib/errors";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { kbDay } from "./day";
import { isSlug, type HelpCenter } from "./help-center";

/**
 * "Was this helpful?": counted once per visitor, article and day, without an account or a
 * cookie. The visitor is a keyed hash (the server's secret) of their address, browser and the
 * day, so the same reader voting twice is one vote, no address is stored, and tomorrow's hash
 * cannot be linked to today's. A changed mind moves the vote from one answer to the other.
 */
export type Visitor = { address: string; userAgent: string };
export type VoteOutcome = "counted" | "changed" | "unchanged";

export function visitorKey({ address, userAgent }: Visitor, day: string): string {
  return createHmac("sha256", env.sessionSecret)
    .update(`kb-vote\n${day}\n${address}\n${userAgent.slice(0, 512)}`)
    .digest("base64url");
}

export async function voteOnArticle(
  center: HelpCenter,
  slug: string,
  helpful: boolean,
  visitor: Visitor,
  now = new Date(),
): Promise<VoteOutcome> {
  if (!isSlug(slug)) throw notFound("Article not found");
  const article = await db.kbArticle.findFirst({
    where: { organizationId: center.id, slug, status: "published", organization: { helpCenterEnabled: true } },
    select: { id: true },
  });
  if (!article) throw notFound("Article not found");
  const day = kbDay(now);
  const key = visitorKey(visitor, day);
  const yes = helpful ? 1 : 0;
  const no = helpful ? 0 : 1;
  return db.$transaction(async (tx) => {
    // A first vote today inserts; the same vote again conflicts and changes nothing.
    const inserted = await tx.$executeRaw`
      INSERT INTO "KbArticleVote" ("articleId", "day", "visitor", "helpful")
      VALUES (${article.id}, ${day}::date, ${key}, ${helpful})
      ON CONFLICT ("articleId", "day", "visitor") DO NOTHING`;
    if (inserted === 1) {
      await tx.$executeRaw`
        INSERT INTO "KbArticleDailyStat" ("articleId", "organizationId", "day", "helpfulYes", "helpfulNo")
        VALUES (${article.id}, ${center.id}, ${day}::date, ${yes}, ${no})
        ON CONFLICT ("articleId", "day") DO UPDATE SET
          "helpfulYes" = "KbArticleDailyStat"."helpfulYes" + ${yes},
          "helpfulNo" = "KbArticleDailyStat"."helpfulNo" + ${no}`;
      return "counted";
    }
    // The row lock makes a changed vote move the count once, however many arrive at once.
    const changed = await tx.$executeRaw`
      UPDATE "KbArticleVote" SET "helpful" = ${helpful}
      WHERE "articleId" = ${article.id} AND "day" = ${day}::date AND "visitor" = ${key} AND "helpful" <> ${helpful}`;
    if (changed === 0) return "unchanged";
    await tx.$executeRaw`
      UPDATE "KbArticleDailyStat" SET
        "helpfulYes" = GREATEST(0, "helpfulYes" + ${yes - no}),
        "helpfulNo" = GREATEST(0, "helpfulNo" + ${no - yes})
      WHERE "articleId" = ${article.id} AND "day" = ${day}::date`;
    return "changed";
  });
}
