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
    queryFn: async ({ pageParam }) => {
      const cursor = pageParam ? `${search ? "&" : ""}cursor=${encodeURIComponent(pageParam)}` : "";
      const res = await fetch(`${path}?${search}${cursor}`, { credentials: "include" });
      await throwIfNotOk(res);
      return { items: (await res.json()) as T[], next: res.headers.get("X-Next-Cursor") };
    },
    getNextPageParam: (last) => last.next,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
