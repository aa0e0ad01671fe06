"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { throwIfNotOk } from "@/lib/http/client/api";
import type { ActivityPage, Agent } from "@/lib/schemas/admin";
import type { Jsonify } from "@/lib/schemas/json";

/** Query keys of the admin dashboard; the parts joined with slashes are the GET URL. */
export const adminKeys = {
  agents: ["/api/admin/agents"] as const,
  activity: ["/api/admin/activity"] as const,
};

export function useAgents() {
  return useQuery<Jsonify<Agent>[]>({ queryKey: adminKeys.agents });
}

async function fetchActivityPage(cursor: string | null): Promise<Jsonify<ActivityPage>> {
  const res = await fetch(`/api/admin/activity?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
    credentials: "include",
  });
  await throwIfNotOk(res);
  return (await res.json()) as Jsonify<ActivityPage>;
}

/** The organisation's audit trail, newest first, 25 events a page. */
export function useActivity() {
  return useInfiniteQuery({
    queryKey: adminKeys.activity,
    queryFn: ({ pageParam }) => fetchActivityPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
