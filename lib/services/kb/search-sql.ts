import "server-only";
import { Prisma } from "@/generated/prisma/client";

/**
 * The help center's search indexes are expressions (migration 20261207021915_knowledge_base), and
 * the planner uses an expression index only for a query that repeats its expression exactly: these
 * are those expressions, written once. Queries read them from "KbArticle" under its own name (no
 * alias), so the column references are the index's own.
 */

/** KbArticle_search_idx: the title weighs most (A), then the summary (B), then the body (C). */
export const KB_SEARCH_VECTOR = Prisma.sql`(setweight(to_tsvector('english'::regconfig, "KbArticle"."title"), 'A') ||
   setweight(to_tsvector('english'::regconfig, "KbArticle"."summary"), 'B') ||
   setweight(to_tsvector('english'::regconfig, "KbArticle"."body"), 'C'))`;

/** KbArticle_title_trgm_idx: the lowercased title, for titles a misspelt word comes close to. */
export const KB_TITLE_TRIGRAMS = Prisma.sql`lower("KbArticle"."title")`;

/** The search's query: built from words only (search-words.ts), never from what a visitor typed as it is. */
export function kbTsQuery(text: string): Prisma.Sql {
  return Prisma.sql`to_tsquery('english'::regconfig, ${text})`;
}

/** The title and summary alone, weighted as in the index: cheap to rank every match by (short fields). */
export const KB_HEAD_VECTOR = Prisma.sql`(setweight(to_tsvector('english'::regconfig, "KbArticle"."title"), 'A') ||
   setweight(to_tsvector('english'::regconfig, "KbArticle"."summary"), 'B'))`;

/** The index's vector of a row already read (alias m), to rank it with its body. */
export const KB_MATCH_VECTOR = Prisma.sql`(setweight(to_tsvector('english'::regconfig, m."title"), 'A') ||
   setweight(to_tsvector('english'::regconfig, m."summary"), 'B') ||
   setweight(to_tsvector('english'::regconfig, m."body"), 'C'))`;
