import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { SUGGESTION_OPENS_MAX, type KbSuggestionOpenRecorded } from "@/lib/schemas/kb-deflection";
import { db } from "@/lib/server/db";
import { isSlug, type HelpCenter } from "./help-center";

/**
 * Deflection: a customer writing a ticket in the portal opened an article it suggested. Each open
 * is kept; the ticket the customer then sends anyway claims the opens it followed, so an open that
 * no ticket claimed is a question the help center answered (the insights' "deflections").
 */

/** An open is claimed by the ticket written in the same sitting: older ones were another question. */
const CLAIMABLE_FOR_MS = 24 * 60 * 60_000;

/** Records that a customer opened the suggested article `slug`: published, in a help center that is on. */
export async function recordSuggestionOpen(center: HelpCenter, slug: string): Promise<KbSuggestionOpenRecorded> {
  if (!isSlug(slug)) throw notFound("Article not found");
  const article = await db.kbArticle.findFirst({
    where: { organizationId: center.id, slug, status: "published", organization: { helpCenterEnabled: true } },
    select: { id: true },
  });
  if (!article) throw notFound("Article not found");
  return db.kbSuggestionOpen.create({
    data: { organizationId: center.id, articleId: article.id },
    select: { id: true },
  });
}

/**
 * In a new ticket's transaction: the opens `ids` the customer recorded before sending it now
 * belong to the ticket. Only the ticket's own organisation's opens, not yet claimed and recent,
 * and at most as many as the portal suggests; any other id is passed over (it says nothing about
 * this ticket, and a customer learns nothing of other opens by naming them). How many were claimed.
 */
export async function claimSuggestionOpens(
  tx: Prisma.TransactionClient,
  ticket: { id: string; organizationId: string },
  ids: readonly string[] | undefined,
  now = new Date(),
): Promise<number> {
  const wanted = [...new Set(ids ?? [])].slice(0, SUGGESTION_OPENS_MAX);
  if (wanted.length === 0) return 0;
  const { count } = await tx.kbSuggestionOpen.updateMany({
    where: {
      id: { in: wanted },
      organizationId: ticket.organizationId,
      ticketId: null,
      createdAt: { gte: new Date(now.getTime() - CLAIMABLE_FOR_MS) },
    },
    data: { ticketId: ticket.id },
  });
  return count;
}
