"use client";

import { Button } from "./button";

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The button under a paged list; shown only while another page exists. */
export function LoadMoreButton({ pages }: { pages: Pages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="justify-self-center"
      onClick={() => pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? "Loading more..." : "Load more"}
    </Button>
  );
}
