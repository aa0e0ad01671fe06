/**
 * The browser's end of GET /api/events. Read with fetch rather than EventSource so that the
 * portal can name itself in a header; reconnects by itself (2 s, growing to 30 s) and never
 * asks for anything on a timer: it only listens.
 */
export type StreamEvent = { event: string; data: Record<string, unknown> };

type Options = {
  headers?: Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  /** The stream (re)opened: `again` is true after a drop, when whatever is shown may be out of date. */
  onOpen?: (again: boolean) => void;
  /** A refusal the stream cannot get past by retrying soon (signed out, too many tabs). */
  onRefused?: (status: number) => void;
};

export function connectEventStream(url: string, { headers, onEvent, onOpen, onRefused }: Options): () => void {
  let stopped = false;
  let abort: AbortController | null = null;
  let opens = 0;
  let delay = 2000;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function run() {
    abort = new AbortController();
    try {
      const res = await fetch(url, { headers, credentials: "include", signal: abort.signal, cache: "no-store" });
      if (res.status === 401 || res.status === 403) return onRefused?.(res.status);
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (!event) continue; // a heartbeat comment
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === "ready") {
            delay = 2000;
            onOpen?.(opens++ > 0);
            continue;
          }
          onEvent({ event, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} });
        }
      }
    } catch {
      // Dropped or refused for now: try again below.
    }
    if (stopped) return;
    timer = setTimeout(run, delay);
    delay = Math.min(delay * 2, 30_000);
  }

  void run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    abort?.abort();
  };
}
