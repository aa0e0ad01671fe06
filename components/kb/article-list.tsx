"use client";

import { formatDistanceToNow } from "date-fns";
import { FileText, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { OptionSelect, type Option } from "@/components/ui/option-select";
import { SearchInput } from "@/components/ui/search-input";
import { errorMessage } from "@/lib/http/client/api";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { KB_ARTICLE_STATUSES } from "@/lib/schemas/kb";
import { KB_NO_CATEGORY } from "@/lib/schemas/kb-api";
import { goToKb } from "./kb-location";
import { KbLink } from "./kb-link";
import { articleSearch, useKbArticles, useKbCategories, type KbArticleListItemJson } from "./queries";
import { KB_STATUS_LABELS, KbStatusBadge } from "./status-badge";

/** A select cannot hold an empty value: "all" stands for no filter. */
const ALL = "all";
const orEmpty = (value: string) => (value === ALL ? "" : value);

function ArticleRow({ article, category }: { article: KbArticleListItemJson; category: string | null }) {
  const edited = formatDistanceToNow(new Date(article.updatedAt), { addSuffix: true });
  return (
    <li data-article={article.title}>
      <KbLink
        to={{ page: "article", id: article.id }}
        className="grid gap-1 rounded-lg border p-3 transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-x-4"
      >
        <span className="flex min-w-0 items-start gap-2">
          <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="grid min-w-0 gap-0.5">
            <span className="font-medium break-words">{article.title}</span>
            {article.summary && (
              <span className="line-clamp-2 text-sm break-words text-muted-foreground">{article.summary}</span>
            )}
            <span className="text-xs text-muted-foreground">
              {category ?? "No category"} · Edited {edited}
              {article.editor ? ` by ${article.editor.name}` : ""}
            </span>
          </span>
        </span>
        <span className="pl-6 sm:pl-0">
          <KbStatusBadge status={article.status} />
        </span>
      </KbLink>
    </li>
  );
}

/**
 * The knowledge base's articles, newest edit first: searched by title on the server, filtered
 * by status and category, a page at a time. A click opens the article in the editor.
 */
export function ArticleList({ canWrite }: { canWrite: boolean }) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState(ALL);
  const [categoryId, setCategoryId] = useState(ALL);
  const search = articleSearch({ q: useDebounced(q, 250), status: orEmpty(status), categoryId: orEmpty(categoryId) });
  const articles = useKbArticles(search);
  const categories = useKbCategories();
  const names = new Map((categories.data?.categories ?? []).map((c) => [c.id, c.name]));
  const filtered = q.trim() !== "" || status !== ALL || categoryId !== ALL;

  const statusOptions: Option[] = [
    { value: ALL, label: "All statuses" },
    ...KB_ARTICLE_STATUSES.map((s) => ({ value: s, label: KB_STATUS_LABELS[s] })),
  ];
  const categoryOptions: Option[] = [
    { value: ALL, label: "All categories" },
    { value: KB_NO_CATEGORY, label: "No category" },
    ...(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <section aria-labelledby="kb-articles-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="kb-articles-heading" className="text-lg font-semibold">
          Articles
        </h3>
        {canWrite && (
          <Button onClick={() => goToKb({ page: "new" })}>
            <Plus aria-hidden /> New Article
          </Button>
        )}
      </div>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_11rem_13rem]">
        <SearchInput label="Search articles by title" placeholder="Search articles..." value={q} onValueChange={setQ} />
        <OptionSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
        <OptionSelect label="Category" value={categoryId} options={categoryOptions} onChange={setCategoryId} />
      </div>
      {articles.isPending ? (
        <p className="text-sm text-muted-foreground">Loading articles...</p>
      ) : articles.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load articles: {errorMessage(articles.error, "please try again later")}
        </p>
      ) : articles.items.length === 0 ? (
        <div className="grid place-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">{filtered ? "No article matches" : "No articles yet"}</p>
          <p className="text-sm text-muted-foreground">
            {filtered
              ? "Try another search or clear the filters."
              : "Write the answers your customers ask for most; published ones appear in your help center."}
          </p>
        </div>
      ) : (
        <ul className="grid gap-2" aria-label="Articles" aria-busy={articles.isPlaceholderData || undefined}>
          {articles.items.map((article) => (
            <ArticleRow
              key={article.id}
              article={article}
              category={article.categoryId ? (names.get(article.categoryId) ?? null) : null}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton pages={articles} />
    </section>
  );
}
