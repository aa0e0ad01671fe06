import "server-only";
import { hub, type Audience, type LiveEvent } from "./hub";

/** A comment line often enough that proxies and load balancers never see the stream idle. */
const heartbeatMs = () => Number(process.env.LIVE_HEARTBEAT_MS ?? 20_000);
/** Every this many heartbeats the caller's session is checked again (deactivation, logout). */
const RECHECK_EVERY = 3;

const encoder = new TextEncoder();
const frame = ({ event, data }: LiveEvent) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

export const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps compression from holding events back; X-Accel-Buffering stops nginx buffering.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

/**
 * One Server-Sent-Events stream for one tab. Registered with the hub before the response is
 * returned (so a refused stream is a plain 429), and removed on every way it can end: the
 * client disconnects (the request's signal), the reader cancels, a write fails, the session
 * stops being valid. `stillValid` is the session check, run every few heartbeats. The caller
 * has made sure the process listens for the notices the stream passes on.
 */
export async function openStream(
  audience: Audience,
  signal: AbortSignal,
  stillValid: () => Promise<boolean>,
): Promise<Response> {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const write = (chunk: Uint8Array) => {
    if (closed || !controller) return;
    try {
      controller.enqueue(chunk);
    } catch {
      close();
    }
  };
  const remove = hub.add({ audience, send: (event) => write(frame(event)) });
  const onAbort = () => close();
  function close() {
    if (closed) return;
    closed = true;
    remove();
    if (timer) clearInterval(timer);
    signal.removeEventListener("abort", onAbort);
    try {
      controller?.close();
    } catch {
      // already closed by the reader
    }
  }
  if (signal.aborted) close();
  signal.addEventListener("abort", onAbort);

  let beats = 0;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // The browser reconnects after this long if the stream drops; "ready" tells it to refetch.
      c.enqueue(encoder.encode(`retry: 2000\nevent: ready\ndata: {}\n\n`));
      timer = setInterval(() => {
        write(encoder.encode(`: heartbeat\n\n`));
        if (++beats % RECHECK_EVERY === 0)
          stillValid().then(
            (ok) => ok || close(),
            () => {}, // the database is away: keep the stream, the next check decides
          );
      }, heartbeatMs());
      timer.unref();
    },
    cancel() {
      close();
    },
  });
  return new Response(body, { status: 200, headers: STREAM_HEADERS });
}
