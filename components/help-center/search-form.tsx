import { Search } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { KB_QUERY_MAX } from "@/lib/schemas/kb";
import { cn } from "@/lib/utils";
import { helpPaths } from "@/lib/site/help-paths";

/**
 * The help center's search box: a plain GET form to the search page, so it works the same with
 * JavaScript and without, and every search has an address to share or go back to.
 */
export function HelpSearchForm({
  org,
  query = "",
  large = false,
  autoFocus = false,
}: {
  org: string;
  query?: string;
  large?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <form action={helpPaths(org).search()} method="get" role="search" className="flex w-full gap-2">
      <div className="relative flex-1">
        <Search
          aria-hidden
          className={cn(
            "pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground",
            large ? "size-5" : "size-4",
          )}
        />
        <label htmlFor="help-search" className="sr-only">
          Search articles
        </label>
        <input
          id="help-search"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={KB_QUERY_MAX}
          placeholder="Search articles"
          autoComplete="off"
          autoFocus={autoFocus}
          className={cn(
            "w-full min-w-0 rounded-md border border-input bg-background shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
            large ? "h-12 pr-3 pl-11 text-base" : "h-9 pr-3 pl-9 text-sm",
          )}
        />
      </div>
      <button
        type="submit"
        className={buttonVariants({ size: large ? "lg" : "default", className: large ? "h-12" : "" })}
      >
        Search
      </button>
    </form>
  );
}
