import "server-only";

/** What a handler learns about the run it is part of. */
export type JobRun = { id: string; kind: string; attempt: number; maxAttempts: number; lastAttempt: boolean };
export type JobHandler<P = unknown> = (payload: P, run: JobRun) => Promise<void>;

const handlers = new Map<string, JobHandler>();
const schedules = new Map<string, { cron: string; kind: string }>();

/** Registers the function that runs jobs of `kind` (one per kind; a later one replaces it). */
export function handle<P>(kind: string, handler: JobHandler<P>): void {
  handlers.set(kind, handler as JobHandler);
}

/**
 * Runs a job of `kind` on a cron schedule (minute hour day month weekday, UTC). However many
 * workers run, each tick is run once: the queue records the ticks it has fired.
 */
export function schedule(cron: string, kind: string): void {
  schedules.set(kind, { cron, kind });
}

export function registeredHandlers(): ReadonlyMap<string, JobHandler> {
  return handlers;
}

export function registeredSchedules() {
  return [...schedules.values()];
}
