"use client";

import dynamic from "next/dynamic";
import { FilterChip } from "./filter-chip";

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
      <FilterChip label={tag} removeLabel={`Clear tag filter ${tag}`} onRemove={() => onChange("")} />
    </div>
  );
}
