/**
 * At most `size` jobs run at once; the rest wait in arrival order, at most `maxWaiting` of them:
 * past that, `run` fails at once with `whenFull()` rather than letting a queue grow without end.
 * Used to bound CPU-heavy work (password hashing) so that a burst of it cannot starve every
 * other request.
 */
export function semaphore(size: number, { maxWaiting = Infinity, whenFull = () => new Error("queue full") } = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running < size) running++;
    else if (waiting.length >= maxWaiting) throw whenFull();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      release();
    }
  };
}
