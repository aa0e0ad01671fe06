/**
 * At most `size` jobs run at once; the rest wait in arrival order. Used to bound CPU-heavy
 * work (password hashing) so that a burst of it cannot starve every other request.
 */
export function semaphore(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      release();
    }
  };
}
