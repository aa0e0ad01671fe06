import "server-only";
import "./handlers";
import { startWorkers, type Workers } from "./runner";

/**
 * Runs the job workers in this process until SIGTERM/SIGINT. On the signal, running jobs get to
 * finish (past the grace period they are released to another worker); the process's own exit
 * (Next's, after it drained its requests) waits for that, so no job is left locked by a process
 * that is gone.
 */
export async function runWorkersInProcess(opts: { concurrency?: number } = {}): Promise<Workers> {
  const workers = await startWorkers(opts);
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= workers.stop().catch(() => {}));
  const exit = process.exit.bind(process);
  process.exit = ((code?: number) => {
    if (!stopped) return exit(code);
    void stopped.finally(() => exit(code));
    return undefined as never;
  }) as typeof process.exit;
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return { stop };
}
