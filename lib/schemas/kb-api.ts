import { pageLimit } from "./fields";
import { KB_ARTICLE_STATUSES, KB_BODY_MAX, KB_QUERY_MAX } from "./kb";
import { z } from "./zod";

/**
 * The knowledge base routes' own inputs and answers beyond the shapes in kb.ts: the articles
 * list's filters, the preview, images, the help center settings and the 30-day insights.
 */

/** Uncategorised articles, as the articles list's category filter names them. */
export const KB_NO_CATEGORY = "none";

/** `GET /api/kb/articles`: newest edit first, filtered, `limit` at a time (50 unless asked, 100 at most). */
export const kbArticleListQuerySchema = z.object({
  q: z.string({ error: "Search must be text" }).trim().max(KB_QUERY_MAX, "Search is too long").optional(),
  status: z.enum(KB_ARTICLE_STATUSES, { error: "Status must be draft, published or internal" }).optional(),
  /** A category's id, or "none" for articles without one. */
  categoryId: z.string({ error: "Unknown category" }).max(64, "Unknown category").optional(),
  limit: pageLimit(100, 50),
  cursor: z.string().max(200, "Invalid cursor").optional(),
});
export type KbArticleListQuery = z.infer<typeof kbArticleListQuerySchema>;

/**
 * The request body of an article's save or preview: room for a body at its longest in any script
 * (up to four bytes a character, and JSON's escapes), where other JSON calls get 64 KB.
 */
export const KB_ARTICLE_REQUEST_MAX_BYTES = 512 * 1024;

/** `POST /api/kb/preview`: a body as the editor holds it (blank previews as nothing). */
export const kbPreviewSchema = z.object({
  body: z
    .string({ error: "Body must be text" })
    .max(KB_BODY_MAX, `The article must be at most ${KB_BODY_MAX.toLocaleString("en-US")} characters`),
});

/** Images an article may show: the types every browser draws, sniffed from the bytes. */
export const KB_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const KB_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const KB_IMAGE_NOT_AN_IMAGE = "Images must be PNG, JPEG, GIF or WebP";
export const KB_IMAGE_TOO_LARGE = "Images may be at most 5 MB";
export const KB_IMAGE_MISSING = 'Send the image as multipart/form-data in the field "file"';

/** `POST /api/kb/images`: where the image is served and the Markdown that shows it. */
export type KbImageUploaded = { id: string; url: string; markdown: string };

/** `PATCH /api/kb/settings`: either or both. */
export const kbSettingsUpdateSchema = z.object({
  helpCenterEnabled: z.boolean({ error: "helpCenterEnabled must be true or false" }).optional(),
  receiptSuggestsArticles: z.boolean({ error: "receiptSuggestsArticles must be true or false" }).optional(),
});
export type KbSettingsUpdate = z.infer<typeof kbSettingsUpdateSchema>;

/** `GET /api/kb/settings`: the help center's switches and its public address. */
export type KbSettings = { helpCenterEnabled: boolean; receiptSuggestsArticles: boolean; helpCenterUrl: string };

/** How many days the insights and an article's figures cover (today included). */
export const KB_INSIGHTS_DAYS = 30;

/** `GET /api/kb/insights`: the last 30 days of the help center. */
export type KbInsights = {
  /** What visitors searched for and found nothing: what to write next (top 20). */
  noResultSearches: { term: string; searches: number }[];
  mostViewed: { id: string; title: string; slug: string; views: number; helpfulYes: number; helpfulNo: number }[];
  helpful: { yes: number; no: number };
  /** Suggested articles customers opened and then sent no ticket. */
  deflections: number;
  suggestionOpens: number;
};
