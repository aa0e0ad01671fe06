"use client";

import { BookOpen, ExternalLink } from "lucide-react";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { helpPaths } from "@/lib/site/help-paths";
import { SUGGEST_MIN_CHARS, recordSuggestionOpen, useArticleSuggestions } from "./queries";

/** How long the subject must rest before the help center is asked: a pause, not every keystroke. */
const SUGGEST_DEBOUNCE_MS = 300;

type Props = {
  /** The portal's organisation, whose help center is asked. */
  org: string;
  subject: string;
  /** An article was opened from here; `openId` is its recorded open (sent with the ticket). */
  onOpened: (openId: string) => void;
};

/**
 * Under a new ticket's subject: the help center's best few published articles for it, so the
 * customer may find the answer before writing to the team. Each opens the article in a new tab
 * (the ticket being written stays as it is) and records the open; a customer who then does not
 * send the ticket counts as helped by the help center. Nothing shows for a short subject, when
 * nothing matches, or when the help center is off.
 */
export function ArticleSuggestions({ org, subject, onOpened }: Props) {
  const typed = useDebounced(subject.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useArticleSuggestions(org, typed);
  const articles = subject.trim().length >= SUGGEST_MIN_CHARS && !suggestions.isError ? (suggestions.data ?? []) : [];
  const paths = helpPaths(org);

  function opened(slug: string) {
    // The article opens whatever happens here; an open that could not be recorded only goes uncounted.
    recordSuggestionOpen(org, slug).then(onOpened, () => undefined);
  }

  return (
    <div aria-live="polite" data-testid="article-suggestions">
      {articles.length > 0 && (
        <section
          aria-labelledby="portal-suggestions-heading"
          className="grid gap-2 rounded-md border bg-muted/40 p-3 dark:bg-muted/20"
        >
          <h3 id="portal-suggestions-heading" className="flex items-start gap-2 text-sm font-medium">
            <BookOpen aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            These articles may answer your question
          </h3>
          <ul className="grid gap-1">
            {articles.map((article) => (
              <li key={article.slug}>
                <a
                  href={paths.article(article.slug)}
                  target="_blank"
                  rel="noopener"
                  onClick={() => opened(article.slug)}
                  onAuxClick={(event) => event.button === 1 && opened(article.slug)}
                  className="group -mx-1 grid gap-0.5 rounded-sm px-1 py-1.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="flex items-start gap-1.5 text-sm font-medium text-primary underline-offset-4 group-hover:underline">
                    <span className="min-w-0 break-words">{article.title}</span>
                    <ExternalLink aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </span>
                  {article.summary && (
                    <span className="line-clamp-2 text-xs text-muted-foreground">{article.summary}</span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
