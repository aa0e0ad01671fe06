"use client";

import { cn } from "@/lib/utils";
import { LoadMoreButton } from "./load-more-button";

type Pages = Parameters<typeof LoadMoreButton>[0]["pages"] & { isFetchNextPageError: boolean };

/**
 * Above a list shown oldest first whose newest part is on screen (a conversation, a history):
 * loads the earlier part on asking, and says so when that fails. Shown only while one exists.
 */
export function ShowEarlier({ pages, what, className }: { pages: Pages; what: string; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={cn("grid gap-1", className)}>
      <LoadMoreButton
        pages={pages}
        size="sm"
        label={`Show earlier ${what}`}
        loadingLabel={`Loading earlier ${what}...`}
      />
      {pages.isFetchNextPageError && (
        <p role="alert" className="justify-self-center text-xs text-destructive">
          Could not load earlier {what}. Try again.
        </p>
      )}
    </div>
  );
}
