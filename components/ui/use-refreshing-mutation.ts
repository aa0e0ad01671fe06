"use client";

import { useMutation } from "@tanstack/react-query";
import type { MutationCallbacks } from "@/lib/http/client/mutation-callbacks";

/**
 * A data hook's write: the request, then the screen's own success callback (so its toast shows
 * at once), then `refresh` of the cached queries the change affects, which the mutation waits
 * for so that a caller's own `onSuccess` sees the lists already fresh.
 */
export function useRefreshingMutation<Result, Variables>(
  mutationFn: (variables: Variables) => Promise<Result>,
  refresh: () => Promise<unknown>,
  { onSuccess, onError }: MutationCallbacks<Result, Variables>,
) {
  return useMutation({
    mutationFn,
    onSuccess: (result: Result, variables: Variables) => {
      onSuccess?.(result, variables);
      return refresh();
    },
    onError,
  });
}
