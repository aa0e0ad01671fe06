"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import type { PublicUser } from "@/lib/auth/session";
import { getQueryFn } from "@/lib/http/client/query-client";
import { FORBIDDEN_REDIRECT, mayOpen, routeAccess, UNAUTHENTICATED_REDIRECT } from "@/lib/permissions/pages";

/** `signedOut` marks a deliberate logout, which goes to /login instead of the anonymous path. */
export type AuthCheck = { isAuthenticated: boolean; user: PublicUser | null; signedOut?: boolean };
export const AUTH_CHECK_KEY = ["/api/auth/check"];

/**
 * Client half of the route guard: 'Loading...' while the auth check runs, then
 * anonymous visitors leave for the configured path and users without the permission for /app.
 * The server layout already checked; its answer seeds the cache so nothing flashes.
 */
export function RouteGuard({ initial, children }: { initial?: AuthCheck; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const { data, isLoading } = useQuery({
    queryKey: AUTH_CHECK_KEY,
    queryFn: getQueryFn<AuthCheck>({ on401: "returnNull" }),
    initialData: initial,
  });
  const access = routeAccess(pathname);
  const user = data?.isAuthenticated ? data.user : null;
  const allowed = !!user && mayOpen(user, access);

  useEffect(() => {
    if (isLoading) return;
    if (!user) router.replace(data?.signedOut ? "/login" : UNAUTHENTICATED_REDIRECT);
    else if (!allowed) router.replace(FORBIDDEN_REDIRECT);
  }, [isLoading, user, allowed, router, data?.signedOut]);

  if (isLoading || !allowed) {
    return <div className="flex min-h-screen items-center justify-center text-muted-foreground">Loading...</div>;
  }
  return children;
}
