import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { throwIfNotOk } from "@/lib/http/client/api";

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default query function: the key's parts joined with slashes form a GET URL
 * (["/api/tickets", id] -> /api/tickets/<id>). With on401 "returnNull" an unauthenticated
 * answer yields null instead of failing.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Cache settings: never stale, no refetch on focus, no polling, no retries, 5 min gc. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
