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

/** The address of the endpoint at `path` (`search`: its query string) from `cursor` when given. */
export function cursorPageUrl(path: string, search: string, cursor: string | null): string {
  const query = [search, cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join("&");
  return query ? `${path}?${query}` : path;
}

/** A page as its endpoint answered it: the rows in the body, the next page's cursor in X-Next-Cursor. */
export async function readCursorPage<T>(res: Response): Promise<CursorPage<T>> {
  return { items: (await res.json()) as T[], next: res.headers.get("X-Next-Cursor") };
}

/** One page of the endpoint at `path` (`search`: its query string), from `cursor` when given. */
export async function fetchCursorPage<T>(path: string, search: string, cursor: string | null): Promise<CursorPage<T>> {
  const res = await fetch(cursorPageUrl(path, search, cursor), { credentials: "include" });
  await throwIfNotOk(res);
  return readCursorPage<T>(res);
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

/**
 * A list an endpoint pages newest first (a conversation, a ticket's history), shown oldest first:
 * the newest page, and earlier ones above it on asking (`fetchNextPage`). `items` is undefined
 * until the first page is in.
 */
export function useNewestPages<T>(
  queryKey: readonly unknown[],
  fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last) => last.next,
  });
  // Each page is older than the one before it.
  const items = query.data && [...query.data.pages].reverse().flatMap((page) => page.items);
  return { ...query, items };
}
