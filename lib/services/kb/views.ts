import "server-only";
import { db } from "@/lib/server/db";
import { kbDay } from "./day";

/** One more view of a published article today (the editor's and the insights' "views"). */
export async function recordArticleView(organizationId: string, articleId: string, now = new Date()): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "KbArticleDailyStat" ("articleId", "organizationId", "day", "views")
    VALUES (${articleId}, ${organizationId}, ${kbDay(now)}::date, 1)
    ON CONFLICT ("articleId", "day") DO UPDATE SET "views" = "KbArticleDailyStat"."views" + 1`;
}

/**
 * Whether a request for an article page is a reader's view: a browser's or the router's
 * prefetch (it may never be shown) and a HEAD request (nothing is shown) are not.
 */
export function isReaderView(headers: { get(name: string): string | null }): boolean {
  if (headers.get("next-router-prefetch") !== null) return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""}`;
  if (/\bprefetch\b|\bprerender\b/i.test(purpose)) return false;
  return (headers.get("x-request-method") ?? "GET").toUpperCase() !== "HEAD";
}
