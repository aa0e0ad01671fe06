"use client";

import { useState } from "react";

/**
 * Where a screen keeps what it remembers in this browser: "local" outlives the tab (drafts, an
 * agent's habits, a panel left open), "session" lasts while the tab is open (a choice made for
 * one ticket today).
 */
export type StorageArea = "local" | "session";

const areaOf = (area: StorageArea) => (area === "local" ? window.localStorage : window.sessionStorage);

/** The stored value, or null when there is none, no key yet (the user is still loading) or no storage. */
export function readStored(area: StorageArea, key: string | null): string | null {
  if (!key) return null;
  try {
    return areaOf(area).getItem(key);
  } catch {
    return null;
  }
}

/** Stores the value (null forgets it). */
export function writeStored(area: StorageArea, key: string | null, value: string | null) {
  if (!key) return;
  try {
    if (value === null) areaOf(area).removeItem(key);
    else areaOf(area).setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the value holds in the form for this visit.
  }
}

/**
 * One stored value as state. It follows its key (another ticket, or the user once known) by
 * reading that one instead. `set(value, stored)` shows `value` and stores `stored` (by default
 * the same), so a form can show text it does not keep.
 */
export function useStored(area: StorageArea, key: string | null) {
  const [state, setState] = useState(() => ({ key, value: readStored(area, key) }));
  if (state.key !== key) setState({ key, value: readStored(area, key) });
  const value = state.key === key ? state.value : readStored(area, key);
  const set = (next: string | null, stored: string | null = next) => {
    setState({ key, value: next });
    writeStored(area, key, stored);
  };
  return [value, set] as const;
}
