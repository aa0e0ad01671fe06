import "server-only";
import { notFound } from "@/lib/errors";
import type { KbArticle, KbRevision } from "@/lib/schemas/kb";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { ARTICLE_NOT_FOUND, lockArticle, readArticle, saveChanges } from "./articles";
import { slugChecked } from "./slugs";

export const REVISION_NOT_FOUND = "Revision not found";

/** Every saved version of an article, newest first, each with who saved it. */
export async function listRevisions(user: SessionUser, articleId: string): Promise<{ revisions: KbRevision[] }> {
  const { organizationId } = user;
  const article = await db.kbArticle.findFirst({ where: { id: articleId, organizationId }, select: { id: true } });
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  const rows = await db.kbArticleRevision.findMany({
    where: { articleId: article.id, organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      title: true,
      summary: true,
      body: true,
      status: true,
      categoryId: true,
      createdAt: true,
      editor: { select: { id: true, fullName: true } },
    },
  });
  return {
    revisions: rows.map(({ editor, ...row }) => ({
      ...row,
      editor: editor ? { id: editor.id, name: editor.fullName } : null,
    })),
  };
}

/**
 * Saves an earlier revision's title, summary, body and category again, as a new revision by the
 * caller. The article keeps its status: bringing back last week's wording must not unpublish a
 * live article (nor publish a draft). A category deleted since then leaves the current one.
 */
export async function restoreRevision(user: SessionUser, articleId: string, revisionId: string): Promise<KbArticle> {
  const { organizationId } = user;
  return slugChecked("article", () =>
    db.$transaction(async (tx) => {
      const current = await lockArticle(tx, organizationId, articleId);
      const revision = await tx.kbArticleRevision.findFirst({
        where: { id: revisionId, articleId: current.id, organizationId },
        select: { title: true, summary: true, body: true, categoryId: true },
      });
      if (!revision) throw notFound(REVISION_NOT_FOUND);
      const category =
        revision.categoryId === null
          ? null
          : await tx.kbCategory.findFirst({
              where: { id: revision.categoryId, organizationId },
              select: { id: true },
            });
      await saveChanges(tx, user, current, {
        title: revision.title,
        summary: revision.summary,
        body: revision.body,
        categoryId: revision.categoryId === null ? null : (category?.id ?? current.categoryId),
      });
      return readArticle(tx, organizationId, current.id);
    }),
  );
}
