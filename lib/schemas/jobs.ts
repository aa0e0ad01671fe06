/** One kind of job's numbers in the queue, for the System Health tab. */
export type JobKindHealth = {
  kind: string;
  /** Waiting for their first run. */
  queued: number;
  /** Taken by a worker right now. */
  running: number;
  /** Failed at least once and waiting for their retry. */
  failed: number;
  /** Gave up after the last attempt; kept until retried by hand. */
  dead: number;
  /** How long the longest-waiting due job has waited, in seconds (null when none is due). */
  oldestWaitingSeconds: number | null;
};

export type DeadJob = { id: string; kind: string; attempts: number; lastError: string | null; diedAt: Date };

export type JobQueueHealth = { kinds: JobKindHealth[]; dead: DeadJob[] };
