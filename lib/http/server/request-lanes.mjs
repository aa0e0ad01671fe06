// Anyone on the internet may call the sign-in and token routes (reset a password, accept an
// invitation, ask for a portal code, register) as often as they like, from as many addresses as
// they own, so per-address throttles alone cannot stop a flood of them. Every request costs the
// one server thread real CPU (a password hash, a token check), and a flood of them in flight
// would make each health check, page and agent action wait behind the lot. The production server (scripts/serve.mjs)
// therefore lets only a few of each group run at once in this process and holds the rest
// unread until one finishes; everything else passes straight through. A flood waits its turn
// instead of delaying the team, and a queue grown past its bound is answered 429 at once.

/** @typedef {import("node:http").IncomingMessage} Req */
/** @typedef {import("node:http").ServerResponse} Res */
/** @typedef {{ name: string, paths: string[], concurrency: number, maxWaiting: number }} LaneSpec */

/**
 * The anonymous routes that a stranger can flood, in lanes of their own.
 * @type {LaneSpec[]}
 */
export const ANONYMOUS_LANES = [
  {
    name: "sign-in",
    paths: ["/api/login"],
    concurrency: 2,
    maxWaiting: 200,
  },
  {
    name: "tokens",
    paths: [
      "/api/auth/reset-password",
      "/api/auth/forgot-password",
      "/api/team-invites/accept",
      "/api/register",
      "/api/portal/access",
      "/api/mailing-list",
      "/api/users/email/confirm",
    ],
    concurrency: 2,
    maxWaiting: 200,
  },
];

const TOO_BUSY = JSON.stringify({ error: "Too many requests. Please try again later.", code: "rate_limited" });

/**
 * One lane: `run(start)` calls `start()` now if fewer than `concurrency` started requests are
 * unfinished, later otherwise; `start` returns the response, whose end (or a closed
 * connection) frees the place. Past `maxWaiting` queued, `run` answers 429 itself.
 * @param {{ concurrency: number, maxWaiting: number }} options
 */
export function createLane({ concurrency, maxWaiting }) {
  let running = 0;
  /** @type {(() => Res)[]} */
  const waiting = [];

  /** @param {() => Res} start */
  const begin = (start) => {
    running += 1;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      running -= 1;
      const next = waiting.shift();
      if (next) begin(next);
    };
    const res = start();
    res.once("finish", free);
    res.once("close", free);
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    /**
     * Starts the request now or queues it; false when the queue is full and 429 was sent.
     * @param {Res} res
     * @param {() => Res} start
     */
    run(res, start) {
      if (running < concurrency) {
        begin(start);
        return true;
      }
      if (waiting.length >= maxWaiting) {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
        res.end(TOO_BUSY);
        return false;
      }
      const entry = () => start();
      waiting.push(entry);
      // A client that gives up while queued leaves the queue instead of being served later.
      res.once("close", () => {
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
      });
      return true;
    },
  };
}

/**
 * The request handler wrapped so that POSTs to a lane's paths run through that lane; `handle`
 * is Next's request handler.
 * @param {(req: Req, res: Res) => unknown} handle
 * @param {LaneSpec[]} [lanes]
 * @returns {(req: Req, res: Res) => unknown}
 */
export function withLanes(handle, lanes = ANONYMOUS_LANES) {
  /** @type {Map<string, ReturnType<typeof createLane>>} */
  const byPath = new Map();
  for (const spec of lanes) {
    const lane = createLane(spec);
    for (const path of spec.paths) byPath.set(path, lane);
  }
  return (req, res) => {
    const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
    const lane = req.method === "POST" ? byPath.get(path) : undefined;
    if (!lane) return handle(req, res);
    lane.run(res, () => {
      handle(req, res);
      return res;
    });
  };
}
