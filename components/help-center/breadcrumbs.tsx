import { ChevronRight } from "lucide-react";

export type Crumb = { name: string; href: string };

/** Where a page sits in the help center; the last crumb is the page itself (not a link). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, i) => (
          <li key={crumb.href} className="flex min-w-0 items-center gap-1">
            {i > 0 && <ChevronRight aria-hidden className="size-3.5 shrink-0" />}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="truncate text-foreground">
                {crumb.name}
              </span>
            ) : (
              <a href={crumb.href} className="truncate hover:text-foreground hover:underline">
                {crumb.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
