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
//
// The requests go out through a lean client of their own (http-connections.mjs), and the run
// reports what the client itself cost and how busy the whole machine was: "half the maximum"
// means little if the load generator takes the other half.
import { performance } from "node:perf_hooks";
import { httpConnections } from "./http-connections.mjs";
import { busyPercent, machineCpu } from "./process-cpu.mjs";

/** @typedef {import("./http-connections.mjs").Request} Request */
/**
 * One request of an arrival, as autocannon describes it: `setupRequest` fills in the request from
 * what the earlier ones of the same arrival left in `context`.
 * @typedef {{ method?: string, setupRequest: (request: Request, context: Record<string, string>) => Request }} RequestDescription
 */

/**
 * How busy the machine is with no load from this process, over `seconds`: the baseline of a calibration.
 * @param {number} seconds
 */
export async function idleMachineBusyPercent(seconds) {
  const before = machineCpu();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return busyPercent(before, machineCpu());
}

/**
 * Sends `rate` requests per second for `seconds`, then waits for the stragglers. Returns the
 * rate offered and achieved and exact p50/p95/p99 (ms) over every response.
 * @param {string} base
 * @param {RequestDescription[]} requests
 * @param {{ rate: number, seconds: number, maxSockets?: number }} load
 */
export async function openLoop(base, requests, { rate, seconds, maxSockets = 512 }) {
  const client = httpConnections(base, { maxSockets });
  const arrivalsPerSecond = rate / requests.length;
  const total = Math.max(1, Math.round(arrivalsPerSecond * seconds));
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set();

  /** @param {number} scheduledAt */
  async function arrival(scheduledAt) {
    /** @type {Record<string, string>} */
    const context = {};
    let startedAt = scheduledAt;
    for (const description of requests) {
      const request = description.setupRequest({ method: description.method, path: "/", headers: {} }, context);
      const status = await client.send(request);
      const now = performance.now();
      latencies.push(now - startedAt);
      startedAt = now;
      if (status === 0) errors++;
      else if (status < 200 || status >= 300) non2xx++;
    }
  }

  const cpuBefore = process.cpuUsage();
  const machineBefore = machineCpu();
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
  const cpu = process.cpuUsage(cpuBefore);
  const machineAfter = machineCpu();
  const connections = client.connections;
  client.close();

  latencies.sort((a, b) => a - b);
  /** @param {number} p */
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
    // What each status-0 answer was (see httpConnections).
    failures: client.failures,
    connections,
    // Of one core: what sending and timing the requests cost this process.
    clientCpuPercent: Math.round((cpu.user + cpu.system) / 1000 / 10 / elapsedSeconds),
    // Of every core: how busy the machine was, server, database and client together.
    machineBusyPercent: busyPercent(machineBefore, machineAfter),
  };
}
