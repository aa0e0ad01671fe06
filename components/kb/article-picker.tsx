"use client";

import { useQueryClient } from "@tanstack/react-query";
import { BookOpen } from "lucide-react";
import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ListboxSearch, useListboxSearch } from "@/components/ui/listbox-search";
import { toastError } from "@/components/ui/toast-error";
import { errorMessage } from "@/lib/http/client/api";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { cn } from "@/lib/utils";
import { kbKeys, useArticlesToSend, useKbSettings, type KbArticleJson, type KbArticleListItemJson } from "./queries";
import { KbStatusBadge } from "./status-badge";

/** What goes into the reply: the text to insert, and the article it sends. */
export type ArticleInsert = { id: string; title: string; text: string };

type Mode = "link" | "text";

/** A Markdown link's text may not hold brackets unescaped. */
const linkText = (title: string) => title.replace(/[[\]\\]/g, "\\$&");

/**
 * The reply box's "Articles" list: type to search published and internal articles by title,
 * arrows to move, Enter inserts. A published article goes in as a link to its help center page
 * (or as its text, by choice); an internal one, which the customer cannot open, always as text.
 */
export function ArticlePicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (insert: ArticleInsert) => void;
}) {
  const list = useListboxSearch();
  const [mode, setMode] = useState<Mode>("link");
  const [fetching, setFetching] = useState(false);
  const q = useDebounced(list.search.trim(), 200);
  const articles = useArticlesToSend(q, { enabled: open });
  const settings = useKbSettings({ enabled: open });
  const queryClient = useQueryClient();
  const helpCenter = settings.data?.helpCenterEnabled ? settings.data.helpCenterUrl : null;
  // While a new search loads, the last answer stays, narrowed to titles holding what is typed
  // (as the server matches them), so Enter never inserts an article that does not match.
  const typed = list.search.trim().toLowerCase();
  const found = (articles.data ?? []).filter((a) => a.title.toLowerCase().includes(typed));
  const { current, field } = list.over(found, (article) => void pick(article));
  const { optionId } = list;

  function close() {
    onOpenChange(false);
    list.reset();
  }

  const asLink = (article: KbArticleListItemJson) => article.status === "published" && mode === "link" && !!helpCenter;

  async function pick(article: KbArticleListItemJson | undefined) {
    if (!article || fetching) return;
    if (asLink(article)) {
      close();
      onPick({
        id: article.id,
        title: article.title,
        text: `[${linkText(article.title)}](${helpCenter}/articles/${article.slug})`,
      });
      return;
    }
    setFetching(true);
    try {
      const full = await queryClient.fetchQuery<KbArticleJson>({ queryKey: kbKeys.article(article.id) });
      close();
      onPick({ id: article.id, title: article.title, text: full.body });
    } catch (error) {
      toastError("Could not insert the article", error, "Please try again later");
    } finally {
      setFetching(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="top-[15vh] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl"
        data-slot="article-picker"
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        <DialogTitle className="sr-only">Insert a knowledge base article</DialogTitle>
        <DialogDescription className="sr-only">
          Type to search articles by title, use the arrow keys to choose one and Enter to insert it into your reply.
        </DialogDescription>
        <ListboxSearch className="pr-10" label="Search articles" placeholder="Search articles..." {...field} />
        <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2 text-xs text-muted-foreground">
          <span id="article-insert-as">Published articles go in as</span>
          <div role="radiogroup" aria-labelledby="article-insert-as" className="inline-flex rounded-md border p-0.5">
            {(["link", "text"] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                onClick={() => setMode(m)}
                className="rounded px-2 py-0.5 font-medium outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-checked:bg-accent aria-checked:text-accent-foreground"
              >
                {m === "link" ? "A link" : "Their text"}
              </button>
            ))}
          </div>
          {!helpCenter && settings.data && <span>(the help center is off: as text)</span>}
        </div>
        <div
          id={list.listId}
          role="listbox"
          aria-label="Articles"
          aria-busy={fetching || undefined}
          className="max-h-80 overflow-y-auto p-1"
        >
          {articles.isPending ? (
            <p className="p-3 text-sm text-muted-foreground">Loading articles...</p>
          ) : articles.isError ? (
            <p role="alert" className="p-3 text-sm text-destructive">
              Failed to load articles: {errorMessage(articles.error, "please try again later")}
            </p>
          ) : found.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">
              {q ? "No published or internal article matches" : "No published or internal articles yet"}
            </p>
          ) : (
            found.map((article, i) => (
              <div
                key={article.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                data-article-option={article.title}
                onMouseMove={() => list.setActive(i)}
                onClick={() => void pick(article)}
                className={cn(
                  "grid cursor-pointer gap-0.5 rounded-md px-2 py-2 text-sm",
                  i === current && "bg-accent text-accent-foreground",
                )}
              >
                <span className="flex items-center gap-2 font-medium">
                  <BookOpen className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{article.title}</span>
                  <KbStatusBadge status={article.status} />
                </span>
                <span className="truncate pl-6 text-xs text-muted-foreground">
                  {asLink(article) ? "Inserts a link to the help center" : "Inserts the article's text"}
                  {article.summary ? ` · ${article.summary}` : ""}
                </span>
              </div>
            ))
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
