import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { KB_CATEGORIES_MAX, type KbCategory, type KbCategoryCreate, type KbCategoryUpdate } from "@/lib/schemas/kb";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { assertSlugFree, freeSlug, lockSlugs, slugChecked } from "./slugs";

type Tx = Prisma.TransactionClient;

export const CATEGORY_NOT_FOUND = "Category not found";
export const UNKNOWN_CATEGORY = "Unknown category";
export const CATEGORIES_FULL = `An organisation may have at most ${KB_CATEGORIES_MAX} categories`;

const CATEGORY_SELECT = {
  id: true,
  name: true,
  slug: true,
  description: true,
  position: true,
  _count: { select: { articles: true } },
} as const satisfies Prisma.KbCategorySelect;

type CategoryRow = Prisma.KbCategoryGetPayload<{ select: typeof CATEGORY_SELECT }>;

function toCategory({ _count, ...row }: CategoryRow): KbCategory {
  return { ...row, articleCount: _count.articles };
}

/**
 * The organisation's categories are changed one change at a time (a lock held until the
 * transaction ends): positions stay 0, 1, 2, ... without gaps or twins, and the cap holds.
 */
async function lockCategories(tx: Tx, organizationId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ticketry:kb-categories:${organizationId}`}, 0))`;
}

async function findCategory(tx: Tx, organizationId: string, id: string) {
  const row = await tx.kbCategory.findFirst({ where: { id, organizationId }, select: { id: true, position: true } });
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

/**
 * The category an article names, or null for none. Another organisation's category is unknown
 * here, as one that never existed: a 400 on the field, never a sign that it exists.
 */
export async function articleCategory(tx: Tx, organizationId: string, categoryId: string | null) {
  if (categoryId === null) return null;
  const row = await tx.kbCategory.findFirst({ where: { id: categoryId, organizationId }, select: { id: true } });
  if (!row) throw badRequest(UNKNOWN_CATEGORY, [{ path: "categoryId", message: UNKNOWN_CATEGORY }]);
  return row.id;
}

/** The organisation's categories in the help center's order, each with its number of articles. */
export async function listCategories(user: SessionUser): Promise<{ categories: KbCategory[] }> {
  const rows = await db.kbCategory.findMany({
    where: { organizationId: user.organizationId },
    select: CATEGORY_SELECT,
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  return { categories: rows.map(toCategory) };
}

/** A new category, last in the order; its slug from its name unless one is given. */
export async function createCategory(user: SessionUser, input: KbCategoryCreate): Promise<KbCategory> {
  const { organizationId } = user;
  return slugChecked("category", () =>
    db.$transaction(async (tx) => {
      await lockCategories(tx, organizationId);
      const count = await tx.kbCategory.count({ where: { organizationId } });
      if (count >= KB_CATEGORIES_MAX) throw conflict(CATEGORIES_FULL);
      await lockSlugs(tx, organizationId, "category");
      if (input.slug !== undefined) await assertSlugFree(tx, "category", organizationId, input.slug);
      const slug = input.slug ?? (await freeSlug(tx, "category", organizationId, input.name));
      const row = await tx.kbCategory.create({
        data: { organizationId, name: input.name, description: input.description, slug, position: count },
        select: CATEGORY_SELECT,
      });
      return toCategory(row);
    }),
  );
}

/**
 * Renames, describes, re-slugs or moves a category: only the fields sent. A position moves it
 * there (past the end is last) and the categories in between shift by one.
 */
export async function updateCategory(user: SessionUser, id: string, input: KbCategoryUpdate): Promise<KbCategory> {
  const { organizationId } = user;
  return slugChecked("category", () =>
    db.$transaction(async (tx) => {
      await lockCategories(tx, organizationId);
      const category = await findCategory(tx, organizationId, id);
      if (input.slug !== undefined) {
        await lockSlugs(tx, organizationId, "category");
        await assertSlugFree(tx, "category", organizationId, input.slug, category.id);
      }
      if (input.position !== undefined) await move(tx, organizationId, category, input.position);
      const row = await tx.kbCategory.update({
        where: { id: category.id },
        data: {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.slug !== undefined && { slug: input.slug }),
        },
        select: CATEGORY_SELECT,
      });
      return toCategory(row);
    }),
  );
}

async function move(tx: Tx, organizationId: string, category: { id: string; position: number }, wanted: number) {
  const last = (await tx.kbCategory.count({ where: { organizationId } })) - 1;
  const to = Math.min(wanted, last);
  const from = category.position;
  if (to === from) return;
  if (to < from)
    await tx.$executeRaw`UPDATE "KbCategory" SET "position" = "position" + 1, "updatedAt" = now()
      WHERE "organizationId" = ${organizationId} AND "position" >= ${to} AND "position" < ${from}`;
  else
    await tx.$executeRaw`UPDATE "KbCategory" SET "position" = "position" - 1, "updatedAt" = now()
      WHERE "organizationId" = ${organizationId} AND "position" > ${from} AND "position" <= ${to}`;
  await tx.kbCategory.update({ where: { id: category.id }, data: { position: to } });
}

/** Deletes a category; its articles stay, without a category, and the ones after it move up. */
export async function deleteCategory(user: SessionUser, id: string): Promise<void> {
  const { organizationId } = user;
  await db.$transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    const category = await findCategory(tx, organizationId, id);
    await tx.kbCategory.delete({ where: { id: category.id } });
    await tx.$executeRaw`UPDATE "KbCategory" SET "position" = "position" - 1, "updatedAt" = now()
      WHERE "organizationId" = ${organizationId} AND "position" > ${category.position}`;
  });
}
