"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { throwIfNotOk } from "@/lib/http/client/api";

/** `value`, once it has stopped changing for `ms` (search boxes query the server with it). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** One page of a keyset-paged list endpoint: its rows and the next page's cursor (null: the last page). */
export type CursorPage<T> = { items: T[]; next: string | null };

/** One page of the endpoint at `path` (`search`: its query string), from `cursor` when given. */
export async function fetchCursorPage<T>(path: string, search: string, cursor: string | null): Promise<CursorPage<T>> {
  const query = [search, cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join("&");
  const res = await fetch(query ? `${path}?${query}` : path, { credentials: "include" });
  await throwIfNotOk(res);
  return { items: (await res.json()) as T[], next: res.headers.get("X-Next-Cursor") };
}

/** A first page already in hand (another answer held it), as a query of cursor pages holds it. */
export const firstPage = <T>(items: T[], next: string | null) => ({
  pages: [{ items, next }] as CursorPage<T>[],
  pageParams: [null] as (string | null)[],
});

/**
 * The pages of a keyset-paged list endpoint (array body, next cursor in X-Next-Cursor), as
 * one list. The key is the endpoint's path and its query string, from the resource's key
 * factory. With `keepPrevious`, the previous rows stay on screen while another search loads.
 */
export function useCursorPages<T>(queryKey: readonly [path: string, search: string], { keepPrevious = false } = {}) {
  const [path, search] = queryKey;
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchCursorPage<T>(path, search, pageParam),
    getNextPageParam: (last) => last.next,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
