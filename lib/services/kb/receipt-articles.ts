import "server-only";
import type { SuggestedArticle } from "@/lib/mail/ticket-mails";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { helpPaths } from "@/lib/site/help-paths";
import { suggestArticles } from "./search";

/**
 * The published articles a mail ticket's "ticket received" mail offers, found by the help center
 * search on the ticket's subject (the same few the portal would suggest for it), when the
 * organisation asked for them and its help center is on. Nothing otherwise, nor when nothing
 * matches: the mail then says only that the ticket was received.
 */
export async function receiptArticles(organizationId: string, subject: string): Promise<SuggestedArticle[]> {
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { id: true, name: true, slug: true, helpCenterEnabled: true, receiptSuggestsArticles: true },
  });
  if (!org?.helpCenterEnabled || !org.receiptSuggestsArticles || !subject.trim()) return [];
  const found = await suggestArticles({ id: org.id, name: org.name, slug: org.slug }, subject);
  const paths = helpPaths(org.slug);
  return found.map((article) => ({ title: article.title, url: `${env.appUrl}${paths.article(article.slug)}` }));
}
