/**
 * Writes that share a statement when they would otherwise wait for a connection: up to
 * `maxStatements` writes are under way at once, each taking what waits when it starts. An item that
 * arrives while all are under way waits for the first of them to end, which then takes it with the
 * others of its key (an organisation) that waited, at most `maxItems` to a statement; keys take
 * turns, the longest waiting first. So nothing waits for company while a statement may start, and
 * an item held up by a lock holds up only those that would have waited for a connection anyway;
 * under a burst, what a statement costs besides its rows (the round trips and the commit) is shared.
 *
 * `write` returns one result per item, in their order. When it fails for several items, each is
 * written again on its own, so that only the item that could not be written fails its caller.
 */
export function batchedWrites<Item, Result>({
  maxStatements,
  maxItems,
  write,
}: {
  maxStatements: number;
  maxItems: number;
  write: (key: string, items: Item[]) => Promise<Result[]>;
}): (key: string, item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };
  // Keys in the order their turn comes.
  const waiting = new Map<string, Waiting[]>();
  let statements = 0;

  const settle = (batch: Waiting[], results: Result[]) => batch.forEach((w, i) => w.resolve(results[i]!));

  /** The next key's waiting items, up to maxItems; the key goes to the back of the line. */
  function nextBatch(): [string, Waiting[]] | undefined {
    const first = waiting.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const batch = queue.splice(0, maxItems);
    waiting.delete(key);
    if (queue.length) waiting.set(key, queue);
    return [key, batch];
  }

  async function writeWaiting() {
    statements += 1;
    for (let next = nextBatch(); next; next = nextBatch()) {
      const [key, batch] = next;
      try {
        const items = batch.map((w) => w.item);
        settle(batch, await write(key, items));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else
          await Promise.all(batch.map((w) => write(key, [w.item]).then((results) => settle([w], results), w.reject)));
      }
    }
    statements -= 1;
  }

  return (key, item) =>
    new Promise((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) queue.push({ item, resolve, reject });
      else waiting.set(key, [{ item, resolve, reject }]);
      if (statements < maxStatements) void writeWaiting();
    });
}
