/**
 * What a screen adds to a data hook's mutation: its toasts and form resets. A hook calls
 * `onSuccess` before it refreshes the cached queries the change affects, so the toast shows
 * at once while the lists reload.
 */
export type MutationCallbacks<Result, Variables> = {
  onSuccess?: (result: Result, variables: Variables) => void;
  onError?: (error: Error, variables: Variables) => void;
};
