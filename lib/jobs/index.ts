// The job queue (PostgreSQL, graphile-worker underneath): enqueue in a transaction, handle a kind, schedule.
export { addJob, enqueue, type EnqueueOptions, type JobExecutor } from "./enqueue";
export { handle, schedule, type JobHandler, type JobRun } from "./registry";
