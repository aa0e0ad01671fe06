import { FileText } from "lucide-react";
import type { HelpArticleLink } from "@/lib/services/kb/help-center";
import { helpPaths } from "@/lib/site/help-paths";

/** Articles as links with their summaries (a category's page, the articles without a category). */
export function ArticleList({ org, articles }: { org: string; articles: HelpArticleLink[] }) {
  return (
    <ul className="divide-y rounded-lg border bg-card">
      {articles.map((article) => (
        <li key={article.slug}>
          <a
            href={helpPaths(org).article(article.slug)}
            className="flex gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
          >
            <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium">{article.title}</span>
              {article.summary && <span className="text-sm text-muted-foreground">{article.summary}</span>}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
