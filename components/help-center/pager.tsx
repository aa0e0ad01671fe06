import { buttonVariants } from "@/components/ui/button-variants";

/** Previous / next page links of a list that runs over more than one page; none for one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev" className={buttonVariants({ variant: "outline" })}>
          Previous
        </a>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={href(page + 1)} rel="next" className={buttonVariants({ variant: "outline" })}>
          Next
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
