"use client";

import { X } from "lucide-react";
import dynamic from "next/dynamic";

// The typeahead is wanted only once the agent presses "Filter by tag": it loads then (ahead,
// when the button is pointed at or focused: preloadTagFilter), and focuses itself as it
// appears. Meanwhile a box of its size and look holds its place, so nothing below it moves.
const TagCombobox = dynamic(() => import("./tag-combobox").then((m) => m.TagCombobox), {
  loading: () => (
    <div className="grid gap-1">
      <div
        aria-hidden
        className="flex h-7 w-full items-center rounded-md border border-input px-3 text-xs text-muted-foreground shadow-xs"
      >
        Filter by tag...
      </div>
    </div>
  ),
});
export const preloadTagFilter = () => void import("./tag-combobox").catch(() => undefined);

/**
 * The list's tag filter (staff), opened from the "Filter by tag" button: a typeahead of the
 * organisation's tags, focused at once; once one is chosen, a chip names it and a button clears
 * it (as does "Clear filters").
 */
export function TagFilter({ tag, onChange }: { tag: string; onChange: (tag: string) => void }) {
  if (!tag)
    return (
      <TagCombobox
        label="Tag filter"
        placeholder="Filter by tag..."
        allowNew={false}
        autoFocus
        onPick={(names) => onChange(names[0] ?? "")}
      />
    );
  return (
    <div className="flex h-7 items-center gap-1.5 text-xs">
      <span className="text-muted-foreground">Tag</span>
      <span className="inline-flex h-6 min-w-0 items-center gap-0.5 rounded-md border bg-muted px-1.5">
        <span className="truncate">{tag}</span>
        <button
          type="button"
          onClick={() => onChange("")}
          aria-label={`Clear tag filter ${tag}`}
          className="-mr-1 rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-3" aria-hidden />
        </button>
      </span>
    </div>
  );
}
