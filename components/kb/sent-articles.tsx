"use client";

import { BookOpen } from "lucide-react";
import type { SentArticle } from "@/lib/schemas/kb-sent";
import { KbLink } from "./kb-link";

/** Under a reply in the conversation: the knowledge base articles it sent, each opening in the editor. */
export function SentArticles({ articles }: { articles: SentArticle[] }) {
  if (articles.length === 0) return null;
  return (
    <div data-sent-articles className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 border-t pt-2 text-xs">
      <span className="flex items-center gap-1 text-muted-foreground">
        <BookOpen className="size-3.5" aria-hidden /> Articles sent:
      </span>
      <ul className="contents">
        {articles.map((article) => (
          <li key={article.id}>
            <KbLink
              to={{ page: "article", id: article.id }}
              className="font-medium underline underline-offset-2 hover:decoration-2"
            >
              {article.title}
            </KbLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
