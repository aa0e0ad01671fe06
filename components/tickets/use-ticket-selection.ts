"use client";

import { useState } from "react";

/**
 * Which tickets of the loaded page are ticked for a bulk change. A plain click toggles one;
 * Shift-click sets every ticket between the last clicked one and this one to this one's new
 * state, as in a mail client.
 */
export function useTicketSelection(ids: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);

  // Tickets that left the list (another queue, a filter) are no longer selected.
  const visible = new Set(ids);
  const current = [...selected].filter((id) => visible.has(id));

  function toggle(id: string, range: boolean) {
    const next = new Set(current);
    const on = !next.has(id);
    const from = anchor ? ids.indexOf(anchor) : -1;
    const to = ids.indexOf(id);
    if (range && from >= 0 && to >= 0) {
      for (const between of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) {
        if (on) next.add(between);
        else next.delete(between);
      }
    } else if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
    setAnchor(id);
  }

  const allSelected = ids.length > 0 && current.length === ids.length;
  return {
    ids: current,
    has: (id: string) => selected.has(id) && visible.has(id),
    toggle,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(ids)),
    clear: () => setSelected(new Set()),
    allSelected,
    someSelected: current.length > 0 && !allSelected,
  };
}
