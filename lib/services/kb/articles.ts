import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { KbArticleStatus } from "@/generated/prisma/enums";
import { notFound } from "@/lib/errors";
import { KB_MARKDOWN_RENDERER_VERSION, renderKbMarkdown } from "@/lib/format/kb-markdown";
import type { KbArticle, KbArticleCreate, KbArticleListItem, KbArticleUpdate, KbPerson } from "@/lib/schemas/kb";
import { KB_NO_CATEGORY, type KbArticleListQuery } from "@/lib/schemas/kb-api";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { decodeCursor, encodeCursor } from "@/lib/services/keyset";
import { escapeLike } from "@/lib/services/tickets/like-pattern";
import { articleCategory } from "./categories";
import { linkImages } from "./images";
import { articleFigures } from "./insights";
import { assertSlugFree, freeSlug, lockSlugs, slugChecked } from "./slugs";

type Tx = Prisma.TransactionClient;

export const ARTICLE_NOT_FOUND = "Article not found";

const PERSON = { select: { id: true, fullName: true } } as const;

const LIST_SELECT = {
  id: true,
  title: true,
  slug: true,
  summary: true,
  status: true,
  categoryId: true,
  publishedAt: true,
  updatedAt: true,
  author: PERSON,
  editor: PERSON,
} as const satisfies Prisma.KbArticleSelect;

const ARTICLE_SELECT = {
  ...LIST_SELECT,
  body: true,
  bodyHtml: true,
  bodyHtmlVersion: true,
  createdAt: true,
} as const satisfies Prisma.KbArticleSelect;

type ListRow = Prisma.KbArticleGetPayload<{ select: typeof LIST_SELECT }>;
type ArticleRow = Prisma.KbArticleGetPayload<{ select: typeof ARTICLE_SELECT }>;

const person = (user: { id: string; fullName: string } | null): KbPerson =>
  user ? { id: user.id, name: user.fullName } : null;

function toListItem({ author, editor, ...row }: ListRow): KbArticleListItem {
  return { ...row, author: person(author), editor: person(editor) };
}

/**
 * The body's HTML as stored, or made again when an older renderer made it, so a tightened rule
 * covers articles saved before it (the next save stores the new HTML).
 */
export function currentBodyHtml(row: { body: string; bodyHtml: string; bodyHtmlVersion: number }): string {
  return row.bodyHtmlVersion === KB_MARKDOWN_RENDERER_VERSION ? row.bodyHtml : renderKbMarkdown(row.body);
}

async function toArticle(client: Tx | typeof db, organizationId: string, row: ArticleRow): Promise<KbArticle> {
  const { body, bodyHtml, bodyHtmlVersion, createdAt, ...listed } = row;
  return {
    ...toListItem(listed),
    body,
    bodyHtml: currentBodyHtml({ body, bodyHtml, bodyHtmlVersion }),
    createdAt,
    stats: await articleFigures(client, organizationId, row.id),
  };
}

/** The article's row, locked until the transaction ends; another organisation's is a 404. */
export async function lockArticle(tx: Tx, organizationId: string, id: string) {
  const [row] = await tx.$queryRaw<
    {
      id: string;
      title: string;
      slug: string;
      summary: string;
      body: string;
      status: KbArticleStatus;
      categoryId: string | null;
      publishedAt: Date | null;
    }[]
  >`SELECT "id", "title", "slug", "summary", "body", "status"::text AS "status", "categoryId", "publishedAt"
    FROM "KbArticle" WHERE "id" = ${id} AND "organizationId" = ${organizationId} FOR UPDATE`;
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return row;
}

/**
 * The workspace's list: newest edit first, of every status, filtered by status, category and a
 * piece of the title (any case: the lower(title) trigram index finds it among thousands).
 */
export async function listArticles(
  user: SessionUser,
  query: KbArticleListQuery,
): Promise<{ articles: KbArticleListItem[]; nextCursor: string | null }> {
  const { organizationId } = user;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const conditions = [Prisma.sql`"organizationId" = ${organizationId}`];
  if (query.status) conditions.push(Prisma.sql`"status" = ${query.status}::"KbArticleStatus"`);
  if (query.categoryId === KB_NO_CATEGORY) conditions.push(Prisma.sql`"categoryId" IS NULL`);
  else if (query.categoryId) conditions.push(Prisma.sql`"categoryId" = ${query.categoryId}`);
  if (query.q) conditions.push(Prisma.sql`lower("title") LIKE lower(${`%${escapeLike(query.q)}%`})`);
  if (after)
    conditions.push(
      Prisma.sql`("updatedAt" < ${after.createdAt} OR ("updatedAt" = ${after.createdAt} AND "id" < ${after.id}))`,
    );
  const ids = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "KbArticle" WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY "updatedAt" DESC, "id" DESC LIMIT ${query.limit + 1}`;
  const rows = await db.kbArticle.findMany({
    where: { organizationId, id: { in: ids.slice(0, query.limit).map((r) => r.id) } },
    select: LIST_SELECT,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
  });
  const last = rows[rows.length - 1];
  return {
    articles: rows.map(toListItem),
    nextCursor: ids.length > query.limit && last ? encodeCursor({ createdAt: last.updatedAt, id: last.id }) : null,
  };
}

/** One article as the editor opens it, with its figures of the last 30 days. */
export async function getArticle(user: SessionUser, id: string): Promise<KbArticle> {
  const row = await db.kbArticle.findFirst({
    where: { id, organizationId: user.organizationId },
    select: ARTICLE_SELECT,
  });
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return toArticle(db, user.organizationId, row);
}

export async function readArticle(tx: Tx, organizationId: string, id: string): Promise<KbArticle> {
  const row = await tx.kbArticle.findUniqueOrThrow({ where: { id }, select: ARTICLE_SELECT });
  return toArticle(tx, organizationId, row);
}

type Version = { title: string; summary: string; body: string; status: KbArticleStatus; categoryId: string | null };

/** Keeps the saved version as a revision: every save is one, so any of them can be viewed and restored. */
async function keepRevision(tx: Tx, user: SessionUser, articleId: string, version: Version, now: Date) {
  await tx.kbArticleRevision.create({
    data: { organizationId: user.organizationId, articleId, editorId: user.id, createdAt: now, ...version },
  });
}

/** A new article by the caller, its first revision and its images, in one transaction. */
export async function createArticle(user: SessionUser, input: KbArticleCreate): Promise<KbArticle> {
  const { organizationId } = user;
  return slugChecked("article", () =>
    db.$transaction(async (tx) => {
      const categoryId = await articleCategory(tx, organizationId, input.categoryId);
      await lockSlugs(tx, organizationId, "article");
      if (input.slug !== undefined) await assertSlugFree(tx, "article", organizationId, input.slug);
      const slug = input.slug ?? (await freeSlug(tx, "article", organizationId, input.title));
      const now = new Date();
      const version: Version = {
        title: input.title,
        summary: input.summary,
        body: input.body,
        status: input.status,
        categoryId,
      };
      const { id } = await tx.kbArticle.create({
        data: {
          organizationId,
          ...version,
          slug,
          bodyHtml: renderKbMarkdown(input.body),
          bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
          authorId: user.id,
          editorId: user.id,
          publishedAt: input.status === "published" ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        select: { id: true },
      });
      await keepRevision(tx, user, id, version, now);
      await linkImages(tx, organizationId, id, input.body);
      return readArticle(tx, organizationId, id);
    }),
  );
}

export type Current = Awaited<ReturnType<typeof lockArticle>>;

/**
 * Saves what differs from the locked article as a new version: the caller becomes its last
 * editor, a revision keeps it, its images follow its body, and it gets its first published date
 * the first time it is published. Nothing different, nothing saved.
 */
export async function saveChanges(
  tx: Tx,
  user: SessionUser,
  current: Current,
  changes: Partial<Version> & { slug?: string },
): Promise<void> {
  const { organizationId } = user;
  const next: Version = {
    title: changes.title ?? current.title,
    summary: changes.summary ?? current.summary,
    body: changes.body ?? current.body,
    status: changes.status ?? current.status,
    categoryId: changes.categoryId === undefined ? current.categoryId : changes.categoryId,
  };
  const slug = changes.slug ?? current.slug;
  const changed =
    slug !== current.slug || (Object.keys(next) as (keyof Version)[]).some((key) => next[key] !== current[key]);
  if (!changed) return;
  if (slug !== current.slug) {
    await lockSlugs(tx, organizationId, "article");
    await assertSlugFree(tx, "article", organizationId, slug, current.id);
  }
  const now = new Date();
  await tx.kbArticle.update({
    where: { id: current.id },
    data: {
      ...next,
      slug,
      // Written on every save, so an article saved after a renderer change holds the new HTML.
      bodyHtml: renderKbMarkdown(next.body),
      bodyHtmlVersion: KB_MARKDOWN_RENDERER_VERSION,
      editorId: user.id,
      updatedAt: now,
      ...(next.status === "published" && current.publishedAt === null && { publishedAt: now }),
    },
  });
  await keepRevision(tx, user, current.id, next, now);
  if (next.body !== current.body) await linkImages(tx, organizationId, current.id, next.body);
}

/** Changes any of the article's fields; a change is saved as a new revision by the caller. */
export async function updateArticle(user: SessionUser, id: string, input: KbArticleUpdate): Promise<KbArticle> {
  const { organizationId } = user;
  return slugChecked("article", () =>
    db.$transaction(async (tx) => {
      const current = await lockArticle(tx, organizationId, id);
      const categoryId =
        input.categoryId === undefined ? undefined : await articleCategory(tx, organizationId, input.categoryId);
      await saveChanges(tx, user, current, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.body !== undefined && { body: input.body }),
        ...(input.status !== undefined && { status: input.status }),
        ...(categoryId !== undefined && { categoryId }),
        ...(input.slug !== undefined && { slug: input.slug }),
      });
      return readArticle(tx, organizationId, current.id);
    }),
  );
}

/** Deletes the article with its revisions and figures; its images are left to the cleanup. */
export async function deleteArticle(user: SessionUser, id: string): Promise<void> {
  const { count } = await db.kbArticle.deleteMany({ where: { id, organizationId: user.organizationId } });
  if (count === 0) throw notFound(ARTICLE_NOT_FOUND);
}
