"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest, throwIfNotOk } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type {
  KbArticle,
  KbArticleCreate,
  KbArticleListItem,
  KbArticleUpdate,
  KbCategory,
  KbCategoryCreate,
  KbCategoryUpdate,
  KbRevision,
} from "@/lib/schemas/kb";
import type { ArticlesSent } from "@/lib/schemas/kb-sent";

export type KbArticleJson = Jsonify<KbArticle>;
export type KbArticleListItemJson = Jsonify<KbArticleListItem>;
export type KbRevisionJson = Jsonify<KbRevision>;
export type KbCategoryJson = KbCategory;
export type KbSettings = { helpCenterEnabled: boolean; receiptSuggestsArticles: boolean; helpCenterUrl: string };
export type KbInsights = {
  noResultSearches: { term: string; searches: number }[];
  mostViewed: { id: string; title: string; slug: string; views: number; helpfulYes: number; helpfulNo: number }[];
  helpful: { yes: number; no: number };
  deflections: number;
  suggestionOpens: number;
};
export type KbImageUpload = { id: string; url: string; markdown: string };
export type ArticlesSentJson = ArticlesSent;

/** The list's filters, as the query string of GET /api/kb/articles. */
export type ArticleFilters = { q: string; status: string; categoryId: string };

/**
 * Query keys of the knowledge base: each key's parts joined with slashes are its GET URL (the
 * default query function fetches them that way). A key matches another by whole parts, so a
 * change refreshes each of the families in `all` (the articles' covers lists, articles and versions).
 */
export const kbKeys = {
  all: [["/api/kb/categories"], ["/api/kb/articles"], ["/api/kb/settings"], ["/api/kb/insights"]] as const,
  categories: ["/api/kb/categories"] as const,
  articles: ["/api/kb/articles"] as const,
  list: (search: string) => ["/api/kb/articles", "list", search] as const,
  article: (id: string) => ["/api/kb/articles", id] as const,
  revisions: (id: string) => ["/api/kb/articles", id, "revisions"] as const,
  settings: ["/api/kb/settings"] as const,
  insights: ["/api/kb/insights"] as const,
  /** The reply box's and palette's search (published and internal only). */
  pick: (q: string) => ["/api/kb/articles", "pick", q] as const,
  /** Per reply of a ticket, what it sent: under /api/tickets, so a change of the ticket fetches it again. */
  sent: (ticketId: string) => ["/api/tickets", ticketId, "articles-sent"] as const,
};

/** A query string without the empty filters. */
export function articleSearch({ q, status, categoryId }: ArticleFilters, limit = 25): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (status) params.set("status", status);
  if (categoryId) params.set("categoryId", categoryId);
  params.set("limit", String(limit));
  return params.toString();
}

type ArticlePage = { articles: KbArticleListItemJson[]; nextCursor: string | null };

async function fetchArticles(search: string, cursor: string | null): Promise<ArticlePage> {
  const query = [search, cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join("&");
  const res = await fetch(`/api/kb/articles${query ? `?${query}` : ""}`, { credentials: "include" });
  await throwIfNotOk(res);
  return (await res.json()) as ArticlePage;
}

/** The articles matching the filters, newest edit first, a page at a time; the last rows stay while a new search loads. */
export function useKbArticles(search: string) {
  const query = useInfiniteQuery({
    queryKey: kbKeys.list(search),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchArticles(search, pageParam),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.articles) ?? [] };
}

/** Published and internal articles whose title matches: what an agent may send in a reply. */
export function useArticlesToSend(q: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: kbKeys.pick(q),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const [published, internal] = await Promise.all(
        ["published", "internal"].map((status) => fetchArticles(articleSearch({ q, status, categoryId: "" }, 8), null)),
      );
      return [...published!.articles, ...internal!.articles];
    },
  });
}

export function useKbCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<{ categories: KbCategoryJson[] }>({ queryKey: kbKeys.categories, enabled });
}

export function useKbArticle(id: string | null) {
  return useQuery<KbArticleJson>({ queryKey: kbKeys.article(id ?? ""), enabled: !!id });
}

export function useKbRevisions(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<{ revisions: KbRevisionJson[] }>({ queryKey: kbKeys.revisions(id), enabled });
}

export function useKbSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<KbSettings>({ queryKey: kbKeys.settings, enabled });
}

export function useKbInsights() {
  return useQuery<KbInsights>({ queryKey: kbKeys.insights });
}

export function useArticlesSent(ticketId: string, { enabled }: { enabled: boolean }) {
  return useQuery<ArticlesSentJson>({ queryKey: kbKeys.sent(ticketId), enabled });
}

/** After any knowledge base change: every list, article, figure and setting is fetched again. */
function useInvalidateKb() {
  const queryClient = useQueryClient();
  return () => Promise.all(kbKeys.all.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Creates an article, or changes the one with `id` (each save keeps a revision). */
export function useSaveArticle(
  id: string | null,
  callbacks: MutationCallbacks<KbArticleJson, KbArticleCreate | KbArticleUpdate> = {},
) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateKb();
  return useRefreshingMutation(
    async (input: KbArticleCreate | KbArticleUpdate) => {
      const res = await apiRequest(id ? "PATCH" : "POST", id ? `/api/kb/articles/${id}` : "/api/kb/articles", input);
      const saved = (await res.json()) as KbArticleJson;
      // The editor shows the saved article at once; the lists and figures follow.
      queryClient.setQueryData(kbKeys.article(saved.id), saved);
      return saved;
    },
    invalidate,
    callbacks,
  );
}

export function useDeleteArticle(id: string, callbacks: MutationCallbacks<void, void> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async () => {
      await apiRequest("DELETE", `/api/kb/articles/${id}`);
    },
    async () => {
      queryClient.removeQueries({ queryKey: kbKeys.article(id) });
      await Promise.all(kbKeys.all.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    callbacks,
  );
}

export function useRestoreRevision(articleId: string, callbacks: MutationCallbacks<KbArticleJson, string> = {}) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateKb();
  return useRefreshingMutation(
    async (revisionId: string) => {
      const res = await apiRequest("POST", `/api/kb/articles/${articleId}/revisions/${revisionId}/restore`);
      const saved = (await res.json()) as KbArticleJson;
      queryClient.setQueryData(kbKeys.article(saved.id), saved);
      return saved;
    },
    invalidate,
    callbacks,
  );
}

export function useCreateCategory(callbacks: MutationCallbacks<KbCategoryJson, KbCategoryCreate> = {}) {
  return useRefreshingMutation(
    async (input: KbCategoryCreate) =>
      (await apiRequest("POST", "/api/kb/categories", input)).json() as Promise<KbCategoryJson>,
    useInvalidateKb(),
    callbacks,
  );
}

export function useUpdateCategory(
  callbacks: MutationCallbacks<KbCategoryJson, { id: string; change: KbCategoryUpdate }> = {},
) {
  return useRefreshingMutation(
    async ({ id, change }: { id: string; change: KbCategoryUpdate }) =>
      (await apiRequest("PATCH", `/api/kb/categories/${id}`, change)).json() as Promise<KbCategoryJson>,
    useInvalidateKb(),
    callbacks,
  );
}

export function useDeleteCategory(callbacks: MutationCallbacks<void, string> = {}) {
  return useRefreshingMutation(
    async (id: string) => {
      await apiRequest("DELETE", `/api/kb/categories/${id}`);
    },
    useInvalidateKb(),
    callbacks,
  );
}

export function useUpdateKbSettings(callbacks: MutationCallbacks<KbSettings, Partial<KbSettings>> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async (change: Partial<KbSettings>) => {
      const saved = (await (await apiRequest("PATCH", "/api/kb/settings", change)).json()) as KbSettings;
      queryClient.setQueryData(kbKeys.settings, saved);
      return saved;
    },
    async () => undefined,
    callbacks,
  );
}

/** The body as the help center will render it (the server's renderer: what the preview shows is what is published). */
export function usePreviewArticle() {
  return useMutation({
    mutationFn: async (body: string) =>
      ((await (await apiRequest("POST", "/api/kb/preview", { body })).json()) as { html: string }).html,
  });
}

/** Uploads an image for an article: its Markdown to insert comes back. */
export async function uploadKbImage(file: File): Promise<KbImageUpload> {
  const form = new FormData();
  form.set("file", file, file.name || "image.png");
  const res = await fetch("/api/kb/images", { method: "POST", body: form, credentials: "include" });
  await throwIfNotOk(res);
  return (await res.json()) as KbImageUpload;
}
