import "server-only";
import { notFound } from "@/lib/errors";
import { queueHealth, retryDeadJob } from "@/lib/jobs/health";
import type { JobQueueHealth } from "@/lib/schemas/jobs";

/** The job queue as the platform admin's System Health shows it. */
export function jobQueueHealth(): Promise<JobQueueHealth> {
  return queueHealth();
}

/** Runs a dead job again with all its attempts (e.g. once a mail server is fixed); 404 unless it is dead. */
export async function retryJob(id: string) {
  if (!(await retryDeadJob(id))) throw notFound("No dead job with this id");
  return { ok: true };
}
