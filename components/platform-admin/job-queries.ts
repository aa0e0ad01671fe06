"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRefreshingMutation } from "@/components/ui/use-refreshing-mutation";
import { apiRequest } from "@/lib/http/client/api";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";
import type { Jsonify } from "@/lib/schemas/json";
import type { JobQueueHealth } from "@/lib/schemas/jobs";

/** Query keys of the job queue's health; the parts joined with slashes are the GET URL. */
export const jobKeys = { health: ["/api/platform/jobs"] as const };

export function useJobQueueHealth() {
  return useQuery<Jsonify<JobQueueHealth>>({ queryKey: jobKeys.health });
}

/** Runs a dead job again; the queue's numbers follow. */
export function useRetryJob(callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    async (id: string) => (await apiRequest("POST", `/api/platform/jobs/${id}/retry`)).json(),
    () => queryClient.invalidateQueries({ queryKey: jobKeys.health }),
    callbacks,
  );
}
