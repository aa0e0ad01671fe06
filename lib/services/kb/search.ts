import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { kbMarkdownText } from "@/lib/format/kb-markdown";
import { db, queryRows } from "@/lib/server/db";
import { KB_SUGGESTIONS_MAX, type KbSuggestion } from "@/lib/schemas/kb";
import { kbDay } from "./day";
import type { HelpCategoryLink, HelpCenter } from "./help-center";
import { MATCH_END, MATCH_START, forHeadline, highlightedPieces, type Highlighted } from "./highlight";
import { KB_HEAD_VECTOR, KB_MATCH_VECTOR, KB_SEARCH_VECTOR, KB_TITLE_TRIGRAMS, kbTsQuery } from "./search-sql";
import { normalisedTerm, searchWordsOf, tsQueryText } from "./search-words";

/**
 * Help center search: the published articles of a help center that is on, best first. Full text
 * ranks a match in the title above one in the summary above one in the body (the index's
 * weights A, B, C; see fullTextQuery), and the last word counts as the beginning of a word while it is typed. When
 * full text finds little (a misspelt word finds nothing), titles close to what was typed
 * (trigrams of the lowercased title) come after its results.
 */
export type HelpSearchHit = {
  slug: string;
  title: Highlighted;
  summary: string;
  excerpt: Highlighted;
  category: HelpCategoryLink | null;
};
export type HelpSearchResults = { term: string; hits: HelpSearchHit[]; total: number; page: number; pages: number };

export const SEARCH_PAGE_SIZE = 20;
/** Result pages a search offers: past these a visitor searches again with better words. */
export const SEARCH_PAGES_MAX = 10;
/** Full text found fewer than this: look for titles a misspelt word comes close to. */
const FEW = 3;
/**
 * How close (pg_trgm word similarity, 0 to 1) a title's closest stretch must come to what was
 * typed: "pasword" is 0.7 from "reset your password", "recet pasword" 0.44; below 0.4 the titles
 * offered share little more than a letter pair with it.
 */
const TITLE_SIMILARITY = 0.4;
/** The article text an excerpt is looked for in: the first part of a very long article is enough. */
const EXCERPT_SOURCE_MAX = 30_000;
const HEADLINE_OPTIONS = `StartSel="${MATCH_START}", StopSel="${MATCH_END}", MaxWords=32, MinWords=16, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_HEADLINE_OPTIONS = `StartSel="${MATCH_START}", StopSel="${MATCH_END}", HighlightAll=true`;

type Row = {
  id: string;
  title: string;
  slug: string;
  summary: string;
  body: string;
  categoryName: string | null;
  categorySlug: string | null;
};

const columns = Prisma.sql`"KbArticle"."id", "KbArticle"."title", "KbArticle"."slug", "KbArticle"."summary",
  "KbArticle"."body", c."name" AS "categoryName", c."slug" AS "categorySlug"`;
/** The organisation's published articles, while its help center is on. */
const publishedOf = (organizationId: string) => Prisma.sql`
  "KbArticle"."organizationId" = ${organizationId} AND "KbArticle"."status" = 'published'
  AND EXISTS (SELECT 1 FROM "Organization" o WHERE o."id" = ${organizationId} AND o."helpCenterEnabled")`;

/**
 * Up to this many matches are ranked by the whole article (ts_rank of the index's vector, body
 * included). The body is long, so ranking by it means reading and parsing every matching body
 * again, which a common word among thousands of articles makes slow. Past this many, the
 * matches are ranked by their title and summary (the same weights), and those matching only in
 * their bodies follow by title.
 */
const RANK_BODIES_MAX = 200;

/** The full-text statement (exported for the EXPLAIN test): matches ranked, `limit` from `offset`, and how many matched. */
export function fullTextQuery(organizationId: string, query: string, limit: number, offset: number): Prisma.Sql {
  return Prisma.sql`
    SELECT m.* FROM (
      SELECT ${columns}, count(*) OVER ()::int AS "total", ts_rank(${KB_HEAD_VECTOR}, ${kbTsQuery(query)}) AS "head"
      FROM "KbArticle" LEFT JOIN "KbCategory" c ON c."id" = "KbArticle"."categoryId"
      WHERE ${publishedOf(organizationId)} AND ${KB_SEARCH_VECTOR} @@ ${kbTsQuery(query)}
    ) AS m
    ORDER BY m."head" DESC,
      CASE WHEN m."total" <= ${RANK_BODIES_MAX} THEN ts_rank(${KB_MATCH_VECTOR}, ${kbTsQuery(query)}) END DESC NULLS LAST,
      m."title", m."id"
    LIMIT ${limit} OFFSET ${offset}`;
}

async function fullText(organizationId: string, query: string | null, limit: number, offset: number) {
  if (query === null) return { rows: [] as Row[], total: 0 };
  const rows = await queryRows<Row & { total: number }>(fullTextQuery(organizationId, query, limit, offset));
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * Titles close to `typed`, best first, leaving out `found`. The similarity a match needs is set
 * for this transaction only, so the trigram index answers with exactly these titles.
 */
async function closeTitles(organizationId: string, typed: string, found: string[], limit: number): Promise<Row[]> {
  if (typed.length < 3 || limit <= 0) return [];
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TITLE_SIMILARITY)}, true)`;
    return tx.$queryRaw<Row[]>`
      SELECT ${columns}
      FROM "KbArticle" LEFT JOIN "KbCategory" c ON c."id" = "KbArticle"."categoryId"
      WHERE ${publishedOf(organizationId)} AND ${typed} <% ${KB_TITLE_TRIGRAMS}
        AND "KbArticle"."id" <> ALL (${found}::text[])
      ORDER BY word_similarity(${typed}, ${KB_TITLE_TRIGRAMS}) DESC, "KbArticle"."title", "KbArticle"."id"
      LIMIT ${limit}`;
  });
}

/** The title and an excerpt of the text of each article, with the searched words marked. */
async function highlight(rows: Row[], query: string | null): Promise<{ title: Highlighted; excerpt: Highlighted }[]> {
  const texts = rows.map((row) => kbMarkdownText(row.body).slice(0, EXCERPT_SOURCE_MAX));
  if (query === null || rows.length === 0)
    return rows.map((row, i) => ({
      title: [{ text: row.title, match: false }],
      excerpt: [{ text: texts[i]!.split(" ").slice(0, 32).join(" "), match: false }],
    }));
  const titles = rows.map((row) => forHeadline(row.title));
  const marked = await queryRows<{ title: string; excerpt: string }>(Prisma.sql`
    SELECT ts_headline('english'::regconfig, t."title", ${kbTsQuery(query)}, ${TITLE_HEADLINE_OPTIONS}) AS "title",
      ts_headline('english'::regconfig, t."text", ${kbTsQuery(query)}, ${HEADLINE_OPTIONS}) AS "excerpt"
    FROM unnest(${titles}::text[], ${texts.map(forHeadline)}::text[]) WITH ORDINALITY AS t("title", "text", "n")
    ORDER BY t."n"`);
  return marked.map((row) => ({ title: highlightedPieces(row.title), excerpt: highlightedPieces(row.excerpt) }));
}

/** Keeps what was searched for and how many articles it found, today: "searches with no result" in the insights. */
async function logSearch(organizationId: string, term: string, results: number) {
  if (!term) return;
  await db.$executeRaw`
    INSERT INTO "KbSearchTerm" ("organizationId", "day", "term", "searches", "results")
    VALUES (${organizationId}, ${kbDay()}::date, ${term}, 1, ${results})
    ON CONFLICT ("organizationId", "day", "term")
    DO UPDATE SET "searches" = "KbSearchTerm"."searches" + 1, "results" = EXCLUDED."results"`;
}

/**
 * The help center's search page: `page` (from 1) of the results, with highlighted titles and
 * excerpts. The first page of each search is logged (later pages are the same search).
 */
export async function searchHelpCenter(center: HelpCenter, typed: string, page = 1): Promise<HelpSearchResults> {
  const words = searchWordsOf(typed);
  const term = normalisedTerm(typed);
  const query = tsQueryText(words);
  const current = Math.min(Math.max(1, Math.floor(page)), SEARCH_PAGES_MAX);
  const text = await fullText(center.id, query, SEARCH_PAGE_SIZE, (current - 1) * SEARCH_PAGE_SIZE);
  let rows = text.rows;
  let total = text.total;
  if (total < FEW && current === 1) {
    const close = await closeTitles(
      center.id,
      term,
      rows.map((r) => r.id),
      SEARCH_PAGE_SIZE - rows.length,
    );
    rows = [...rows, ...close];
    total += close.length;
  }
  const marked = await highlight(rows, query);
  if (current === 1) await logSearch(center.id, term, total);
  return {
    term,
    total,
    page: current,
    pages: Math.min(SEARCH_PAGES_MAX, Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE))),
    hits: rows.map((row, i) => ({
      slug: row.slug,
      title: marked[i]!.title,
      summary: row.summary,
      excerpt: marked[i]!.excerpt,
      category: row.categorySlug === null ? null : { name: row.categoryName ?? "", slug: row.categorySlug },
    })),
  };
}

/**
 * The portal's suggestions while a customer types a subject, and the "ticket received" mail's: the
 * best few, not logged (every keystroke asks). A subject is a sentence ("Can't download my
 * invoice"), not a search: when articles holding every word are too few, those holding the most
 * of its words follow (ranked, so more words matched come first), then titles a misspelling is
 * close to.
 */
export async function suggestArticles(center: HelpCenter, typed: string): Promise<KbSuggestion[]> {
  const words = searchWordsOf(typed);
  const every = (await fullText(center.id, tsQueryText(words), KB_SUGGESTIONS_MAX, 0)).rows;
  const some =
    every.length < KB_SUGGESTIONS_MAX && words.length > 1
      ? (await fullText(center.id, tsQueryText(words, { any: true }), KB_SUGGESTIONS_MAX + every.length, 0)).rows
      : [];
  const rows = [...every, ...some.filter((row) => !every.some((r) => r.id === row.id))].slice(0, KB_SUGGESTIONS_MAX);
  const close =
    rows.length < KB_SUGGESTIONS_MAX
      ? await closeTitles(
          center.id,
          words.join(" "),
          rows.map((r) => r.id),
          KB_SUGGESTIONS_MAX - rows.length,
        )
      : [];
  return [...rows, ...close].map(({ title, slug, summary }) => ({ title, slug, summary }));
}
