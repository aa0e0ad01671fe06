// Open-loop load: requests leave on a fixed schedule (`rate` per second) whether or not earlier
// ones have been answered, the way real users arrive. autocannon is closed-loop: a connection
// sends its next request only after the last answer, and its `overallRate`/`connectionRate` only
// cap that (a slow answer delays the requests behind it, which are then timed from when they
// were finally sent). Measured that way a stall hides itself ("coordinated omission"). Here each
// request's latency runs from the moment it was *scheduled*, so time spent waiting for a free
// socket or a busy server counts.
//
// `requests` are the same descriptions autocannon takes ({ method, setupRequest(req, context) }).
// One arrival sends them in order with one shared context (detail, then that ticket's replies):
// the first is timed from its scheduled moment, each later one from when the one before it was
// answered, as it cannot leave earlier. `rate` counts requests, so arrivals come at
// rate / requests.length per second.
import http from "node:http";
import { performance } from "node:perf_hooks";

const TIMEOUT_MS = 10_000;

function send(agent, base, request) {
  return new Promise((resolve) => {
    const req = http.request(
      new URL(request.path, base),
      { method: request.method ?? "GET", headers: request.headers ?? {}, agent, timeout: TIMEOUT_MS },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode));
        res.on("error", () => resolve(0));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end(request.body);
  });
}

/**
 * Sends `rate` requests per second for `seconds`, then waits for the stragglers. Returns the
 * rate offered and achieved and exact p50/p95/p99 (ms) over every response.
 */
export async function openLoop(base, requests, { rate, seconds, maxSockets = 512 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const arrivalsPerSecond = rate / requests.length;
  const total = Math.max(1, Math.round(arrivalsPerSecond * seconds));
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set();

  async function arrival(scheduledAt) {
    const context = {};
    let startedAt = scheduledAt;
    for (const description of requests) {
      const request = description.setupRequest({ method: description.method, path: "/", headers: {} }, context);
      const status = await send(agent, base, request);
      const now = performance.now();
      latencies.push(now - startedAt);
      startedAt = now;
      if (status === 0) errors++;
      else if (status < 200 || status >= 300) non2xx++;
    }
  }

  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Every arrival whose moment has come leaves now, however many are still unanswered.
    while (sent < total && start + (sent * 1000) / arrivalsPerSecond <= now) {
      const promise = arrival(start + (sent * 1000) / arrivalsPerSecond);
      inFlight.add(promise);
      promise.finally(() => inFlight.delete(promise));
      sent++;
    }
    const next = start + (sent * 1000) / arrivalsPerSecond;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    offeredPerSec: rate,
    requests: latencies.length,
    // Requests answered per second over the whole run including the wait for the last answers:
    // well below the offered rate means the server fell behind.
    reqPerSec: latencies.length / elapsedSeconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: errors + non2xx,
    non2xx,
  };
}
