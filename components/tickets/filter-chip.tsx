"use client";

import { X } from "lucide-react";

/** One active filter as a small chip with a button that removes it ("Clear tag filter Refund"). */
export function FilterChip({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <span className="inline-flex h-6 min-w-0 items-center gap-0.5 rounded-md border bg-muted px-1.5 text-xs text-foreground">
      <span className="truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="-mr-1 rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X className="size-3" aria-hidden />
      </button>
    </span>
  );
}
