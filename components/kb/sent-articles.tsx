"use client";

import { BookOpen } from "lucide-react";
import Link from "next/link";
import type { SentArticle } from "@/lib/schemas/kb-sent";
import { kbHref } from "./kb-location";

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
            <Link
              href={kbHref({ page: "article", id: article.id })}
              className="font-medium underline-offset-2 hover:underline"
            >
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
