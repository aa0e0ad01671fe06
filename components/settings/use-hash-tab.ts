"use client";

import { setHash, useHash } from "@/components/workspace/use-hash";

/** A tab set chosen by the URL hash (first tab when the hash names none); switching updates it. */
export function useHashTab<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const hash = useHash();
  const current = (tabs as readonly string[]).includes(hash) ? (hash as T) : tabs[0]!;
  return [current, (tab: string) => setHash(tab)];
}
