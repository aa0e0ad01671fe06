"use client";

/** Settings > Team (spec §2). First version: the full tab follows. */
export function TeamTab() {
  return <p className="text-muted-foreground text-sm">Loading team...</p>;
}
