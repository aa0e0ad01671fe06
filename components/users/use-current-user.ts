"use client";

import { useQuery } from "@tanstack/react-query";
import { AUTH_CHECK_KEY, type AuthCheck } from "@/components/auth/route-guard";
import { getQueryFn } from "@/lib/http/client/query-client";

/** The signed-in user from the auth-check cache (seeded by the workspace's route guard). */
export function useCurrentUser() {
  const { data } = useQuery({ queryKey: AUTH_CHECK_KEY, queryFn: getQueryFn<AuthCheck>({ on401: "returnNull" }) });
  return data?.isAuthenticated ? data.user : null;
}
