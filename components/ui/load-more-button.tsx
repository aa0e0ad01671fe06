"use client";

import { Button } from "./button";

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The button of a paged list (under it, unless `label` says otherwise); shown only while another page exists. */
export function LoadMoreButton({
  pages,
  label = "Load more",
  loadingLabel = "Loading more...",
  size,
}: {
  pages: Pages;
  label?: string;
  loadingLabel?: string;
  size?: "sm";
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      size={size}
      className="justify-self-center"
      onClick={() => pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? loadingLabel : label}
    </Button>
  );
}
