/** A Server-Sent-Events body read as it arrives: events in order, and a wait for the next match. */
export type SseEvent = { event: string; data: Record<string, unknown> };

export function readEvents(body: ReadableStream<Uint8Array>) {
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  const done = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event) continue;
        const parsed = { event, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} };
        events.push(parsed);
        for (const w of [...waiters]) {
          if (w.match(parsed)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(parsed);
          }
        }
      }
    }
    ended = true;
  })();
  return {
    events,
    done,
    get ended() {
      return ended;
    },
    /** The first event (already received or still to come) that matches. */
    next(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
