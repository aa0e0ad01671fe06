import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { conflict } from "@/lib/errors";
import { cutSlug as cut, slugify } from "@/lib/format/kb-slug";
import { KB_SLUG_MAX } from "@/lib/schemas/kb";
import { isUniqueViolation } from "@/lib/server/db-errors";

type Tx = Prisma.TransactionClient;
export type SlugOwner = "article" | "category";

export const SLUG_TAKEN: Record<SlugOwner, string> = {
  article: "Another article already has this slug: choose another one",
  category: "Another category already has this slug: choose another one",
};

/**
 * Addresses of the help center's own beside its categories' (/help/<org>/search,
 * /help/<org>/articles/...): a category slugged so could never be reached.
 */
export const RESERVED_CATEGORY_SLUGS: ReadonlySet<string> = new Set(["search", "articles"]);
export const SLUG_RESERVED = "This address belongs to the help center itself: choose another slug";

const reserved = (owner: SlugOwner, slug: string) => owner === "category" && RESERVED_CATEGORY_SLUGS.has(slug);

/**
 * Slugs are handed out one at a time per organisation (a lock held until the transaction ends),
 * so two articles titled alike and saved at once get "-2" and "-3" instead of one failing.
 */
export async function lockSlugs(tx: Tx, organizationId: string, owner: SlugOwner) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ticketry:kb-slugs:${owner}:${organizationId}`}, 0))`;
}

async function taken(tx: Tx, owner: SlugOwner, organizationId: string, base: string, exceptId: string | null) {
  const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const rows =
    owner === "article"
      ? await tx.$queryRaw<{ slug: string }[]>`
          SELECT "slug" FROM "KbArticle" WHERE "organizationId" = ${organizationId}
            AND ("slug" = ${base} OR "slug" LIKE ${like}) AND "id" IS DISTINCT FROM ${exceptId}`
      : await tx.$queryRaw<{ slug: string }[]>`
          SELECT "slug" FROM "KbCategory" WHERE "organizationId" = ${organizationId}
            AND ("slug" = ${base} OR "slug" LIKE ${like}) AND "id" IS DISTINCT FROM ${exceptId}`;
  return new Set(rows.map((r) => r.slug));
}

/**
 * The slug a new article or category gets from its title: the title's own when free in the
 * organisation, else the first free of "-2", "-3", ... (the base shortened to leave room).
 * Call under lockSlugs.
 */
export async function freeSlug(
  tx: Tx,
  owner: SlugOwner,
  organizationId: string,
  title: string,
  exceptId: string | null = null,
): Promise<string> {
  const base = slugify(title, owner);
  const used = await taken(tx, owner, organizationId, base, exceptId);
  if (!used.has(base) && !reserved(owner, base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${cut(base, KB_SLUG_MAX - suffix.length)}${suffix}`;
    if (used.has(candidate)) continue;
    // A shortened base may clash with slugs its own LIKE did not look at.
    if (candidate.startsWith(`${base}-`) || !(await slugInUse(tx, owner, organizationId, candidate, exceptId)))
      return candidate;
  }
}

async function slugInUse(tx: Tx, owner: SlugOwner, organizationId: string, slug: string, exceptId: string | null) {
  const rows =
    owner === "article"
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "KbArticle" WHERE "organizationId" = ${organizationId} AND "slug" = ${slug}
            AND "id" IS DISTINCT FROM ${exceptId}`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "KbCategory" WHERE "organizationId" = ${organizationId} AND "slug" = ${slug}
            AND "id" IS DISTINCT FROM ${exceptId}`;
  return rows.length > 0;
}

/** A slug asked for by name: it is that one or nothing (409 when another row has it). Call under lockSlugs. */
export async function assertSlugFree(
  tx: Tx,
  owner: SlugOwner,
  organizationId: string,
  slug: string,
  exceptId: string | null = null,
) {
  if (reserved(owner, slug)) throw conflict(SLUG_RESERVED);
  if (await slugInUse(tx, owner, organizationId, slug, exceptId)) throw conflict(SLUG_TAKEN[owner]);
}

/** A clash the database found anyway reads like the one checked up front. */
export async function slugChecked<T>(owner: SlugOwner, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN[owner]);
    throw error;
  }
}
