import type { KbArticleStatus } from "@/generated/prisma/enums";

/** An article a reply sent, as the ticket's conversation names it under the reply. */
export type SentArticle = { id: string; title: string; slug: string; status: KbArticleStatus };

/** `GET /api/tickets/{id}/articles-sent`: per reply of the ticket, the articles it sent (oldest first). */
export type ArticlesSent = { sent: { replyId: string; articles: SentArticle[] }[] };
