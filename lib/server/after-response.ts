import "server-only";
import { after } from "next/server";

/**
 * Work that must not shape the answer: mail whose sending (or not) depends on whether an account
 * exists would otherwise make the response slower exactly when it does. Inside a request the
 * work starts once the response has been sent (Next's `after`); elsewhere (scripts, tests calling
 * handlers directly) it runs detached. It never throws into the caller: failures are logged.
 */
const pending = new Set<Promise<void>>();

function logFailure(what: string, error: unknown) {
  console.error(
    JSON.stringify({
      level: "error",
      msg: `background work failed: ${what}`,
      error: error instanceof Error ? error.name : "unknown",
    }),
  );
}

export function afterResponse(what: string, work: () => Promise<unknown>): void {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  pending.add(done);
  const run = async () => {
    try {
      await work();
    } catch (error) {
      logFailure(what, error);
    } finally {
      pending.delete(done);
      release();
    }
  };
  try {
    after(run);
  } catch {
    // Outside a request scope `after` refuses; nothing is waiting for an answer there.
    setImmediate(() => void run());
  }
}

/** Resolves once all work handed to afterResponse has finished (tests). */
export async function afterResponseSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
