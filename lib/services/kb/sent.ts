import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/lib/errors";

export const ARTICLE_NOT_FOUND_FOR_REPLY =
  "An article you inserted no longer exists (it may have been deleted). Your reply was not sent: remove it and send again.";

/** The most sent articles one ticket lists: far more than any conversation sends. */
export const SENT_LIST_MAX = 500;

/**
 * Records, in the reply's transaction, the knowledge base articles the agent inserted into it
 * (`sent`: a public reply; a note's are only checked), so the ticket shows what the customer was sent and the editor counts how often an article
 * answers a ticket. An id that is not one of the organisation's articles refuses the whole
 * reply (400): nothing is saved and the agent's text stays in the reply box.
 */
export async function recordArticlesSent(
  tx: Prisma.TransactionClient,
  reply: { id: string; organizationId: string; ticketId: string; createdAt: Date },
  articleIds: readonly string[],
  { sent }: { sent: boolean },
): Promise<void> {
  const ids = [...new Set(articleIds)];
  if (ids.length === 0) return;
  const found = await tx.kbArticle.findMany({
    where: { id: { in: ids }, organizationId: reply.organizationId },
    select: { id: true },
  });
  if (found.length !== ids.length) throw badRequest(ARTICLE_NOT_FOUND_FOR_REPLY);
  if (!sent) return;
  await tx.kbArticleSent.createMany({
    data: ids.map((articleId) => ({
      replyId: reply.id,
      articleId,
      organizationId: reply.organizationId,
      ticketId: reply.ticketId,
      createdAt: reply.createdAt,
    })),
  });
}
