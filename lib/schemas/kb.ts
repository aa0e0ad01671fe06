import type { KbArticleStatus } from "@/generated/prisma/enums";
import { singleLine } from "./fields";
import { z } from "./zod";

/**
 * The knowledge base's shapes, used by the routes under /api/kb, the workspace's editor and the
 * help center alike. An article is `draft` (only the team sees it), `published` (the help center
 * serves it) or `internal` (the team's own answers: the reply box finds it, the public never).
 */
export const KB_ARTICLE_STATUSES = ["draft", "published", "internal"] as const satisfies readonly KbArticleStatus[];

export const KB_CATEGORY_NAME_MAX = 80;
export const KB_CATEGORY_DESCRIPTION_MAX = 500;
export const KB_TITLE_MAX = 150;
export const KB_SUMMARY_MAX = 300;
export const KB_BODY_MAX = 100_000;
export const KB_SLUG_MAX = 80;
/** Categories an organisation may have; the help center's home lists them all. */
export const KB_CATEGORIES_MAX = 100;
/** What a help center search or a suggestion may ask: longer is no search a visitor types. */
export const KB_QUERY_MAX = 200;
/** Suggestions the portal shows while a customer types a subject. */
export const KB_SUGGESTIONS_MAX = 3;

export const KB_CATEGORY_NAME_REQUIRED = "Please give the category a name";
export const KB_TITLE_REQUIRED = "Please give the article a title";
export const KB_BODY_REQUIRED = "Please write the article";
export const KB_SLUG_INVALID = "Slug may hold only lowercase letters, digits and hyphens";

/** A slug as it appears in a help center address: lowercase letters, digits and single hyphens. */
export const kbSlugSchema = z
  .string({ error: KB_SLUG_INVALID })
  .trim()
  .min(1, KB_SLUG_INVALID)
  .max(KB_SLUG_MAX, `Slug must be at most ${KB_SLUG_MAX} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, KB_SLUG_INVALID);

const categoryName = singleLine(z.string({ error: KB_CATEGORY_NAME_REQUIRED }).trim())
  .min(1, KB_CATEGORY_NAME_REQUIRED)
  .max(KB_CATEGORY_NAME_MAX, `Name must be at most ${KB_CATEGORY_NAME_MAX} characters`);
const categoryDescription = z
  .string({ error: "Description must be text" })
  .trim()
  .max(KB_CATEGORY_DESCRIPTION_MAX, `Description must be at most ${KB_CATEGORY_DESCRIPTION_MAX} characters`);

/** `POST /api/kb/categories`: the slug is made from the name unless one is given. */
export const kbCategoryCreateSchema = z.object({
  name: categoryName,
  description: categoryDescription.default(""),
  slug: kbSlugSchema.optional(),
});
/** `PATCH /api/kb/categories/{id}`: any of them; `position` moves it (0 is first). */
export const kbCategoryUpdateSchema = z.object({
  name: categoryName.optional(),
  description: categoryDescription.optional(),
  slug: kbSlugSchema.optional(),
  position: z.number({ error: "position must be a number" }).int("position must be a whole number").min(0).optional(),
});
export type KbCategoryCreate = z.infer<typeof kbCategoryCreateSchema>;
export type KbCategoryUpdate = z.infer<typeof kbCategoryUpdateSchema>;

const title = singleLine(z.string({ error: KB_TITLE_REQUIRED }).trim())
  .min(1, KB_TITLE_REQUIRED)
  .max(KB_TITLE_MAX, `Title must be at most ${KB_TITLE_MAX} characters`);
const body = z
  .string({ error: KB_BODY_REQUIRED })
  .trim()
  .min(1, KB_BODY_REQUIRED)
  .max(KB_BODY_MAX, `The article must be at most ${KB_BODY_MAX.toLocaleString("en-US")} characters`);
const summary = singleLine(z.string({ error: "Summary must be text" }).trim()).max(
  KB_SUMMARY_MAX,
  `Summary must be at most ${KB_SUMMARY_MAX} characters`,
);
const status = z.enum(KB_ARTICLE_STATUSES, { error: "Status must be draft, published or internal" });
/** A category of the organisation, or null for none (another organisation's is "Unknown category"). */
const categoryId = z.string({ error: "Unknown category" }).max(64, "Unknown category").nullable();

/** `POST /api/kb/articles`: the slug is made from the title unless one is given. */
export const kbArticleCreateSchema = z.object({
  title,
  body,
  summary: summary.default(""),
  categoryId: categoryId.default(null),
  status: status.default("draft"),
  slug: kbSlugSchema.optional(),
});
/** `PATCH /api/kb/articles/{id}`: any of them; each save keeps a revision. */
export const kbArticleUpdateSchema = z.object({
  title: title.optional(),
  body: body.optional(),
  summary: summary.optional(),
  categoryId: categoryId.optional(),
  status: status.optional(),
  slug: kbSlugSchema.optional(),
});
export type KbArticleCreate = z.infer<typeof kbArticleCreateSchema>;
export type KbArticleUpdate = z.infer<typeof kbArticleUpdateSchema>;

/** A help center search or a portal suggestion: what the visitor typed. */
export const kbQuerySchema = z.object({
  q: z.string({ error: "Search must be text" }).trim().max(KB_QUERY_MAX, "Search is too long").default(""),
});

export type KbCategory = {
  id: string;
  name: string;
  slug: string;
  description: string;
  position: number;
  /** Articles in it, of every status (the workspace's count). */
  articleCount: number;
};

export type KbPerson = { id: string; name: string } | null;

/** An article in the workspace's list (no body). */
export type KbArticleListItem = {
  id: string;
  title: string;
  slug: string;
  summary: string;
  status: KbArticleStatus;
  categoryId: string | null;
  author: KbPerson;
  editor: KbPerson;
  publishedAt: Date | null;
  updatedAt: Date;
};

/** An article as the editor opens it, with its figures of the last 30 days. */
export type KbArticle = KbArticleListItem & {
  body: string;
  /** The body as the help center renders it (sanitized HTML). */
  bodyHtml: string;
  createdAt: Date;
  stats: { views: number; helpfulYes: number; helpfulNo: number; sentInReplies: number };
};

export type KbRevision = {
  id: string;
  title: string;
  summary: string;
  body: string;
  status: KbArticleStatus;
  categoryId: string | null;
  editor: KbPerson;
  createdAt: Date;
};

/** What `GET /api/help/<org-slug>/suggest` answers: at most three published articles. */
export type KbSuggestion = { title: string; slug: string; summary: string };
