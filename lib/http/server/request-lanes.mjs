// Anyone on the internet may call the sign-in and token routes (reset a password, accept an
// invitation, ask for a portal code, register) as often as they like, from as many addresses as
// they own, so per-address throttles alone cannot stop a flood of them. Every request costs the
// one server thread real CPU (a password hash, a token check), and a flood of them in flight
// would make each health check, page and agent action wait behind the lot. The production server (scripts/serve.mjs)
// therefore lets only a few of each group run at once in this process and holds the rest
// unread until one finishes; everything else passes straight through. A flood waits its turn
// instead of delaying the team, and a queue grown past its bound is answered 429 at once.
//
// A place in a lane is taken only once the request's body has arrived (within a few seconds,
// body-deadline.mjs), so a client that sends its body slowly holds no place that a genuine
// sign-in is waiting for; and one address holds only a few places of a lane, waiting or
// running, so a few slow or flooding clients cannot fill the queue on their own.
import { bodyArrived, SMALL_BODY_LIMIT, SMALL_BODY_MS } from "./body-deadline.mjs";

/** @typedef {import("node:http").IncomingMessage} Req */
/** @typedef {import("node:http").ServerResponse} Res */
/**
 * `perAddress`: the places one address may hold in the lane, waiting or running; `bodyMs`: how
 * long its body may take to arrive (SMALL_BODY_MS unless a test says otherwise).
 * @typedef {{ name: string, paths: string[], concurrency: number, maxWaiting: number, perAddress: number, bodyMs?: number }} LaneSpec
 */

/**
 * The anonymous routes that a stranger can flood, in lanes of their own. Four places per address
 * leave room for an office's few people behind one address signing in at the same moment.
 * @type {LaneSpec[]}
 */
export const ANONYMOUS_LANES = [
  {
    name: "sign-in",
    paths: ["/api/login", "/api/login/passkey/options", "/api/login/passkey"],
    concurrency: 2,
    maxWaiting: 200,
    perAddress: 4,
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
    perAddress: 4,
  },
];

const TOO_BUSY = JSON.stringify({ error: "Too many requests. Please try again later.", code: "rate_limited" });
const TOO_LARGE = JSON.stringify({ error: "Request body is too large", code: "payload_too_large" });
const NO_LENGTH = JSON.stringify({ error: "The request must state its body's length", code: "length_required" });

/**
 * @param {Res} res
 * @param {number} status
 * @param {string} body
 * @param {Record<string, string>} [headers]
 */
function refuse(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
}

/**
 * Calls `done` once, when `res` has been answered or its connection closed.
 * @param {Res} res
 * @param {() => void} done
 */
function whenOver(res, done) {
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    done();
  };
  res.once("finish", end);
  res.once("close", end);
  if (res.writableFinished || res.destroyed) end();
}

/**
 * One lane: `run(start)` calls `start()` now if fewer than `concurrency` started requests are
 * unfinished, later otherwise; `start` returns the response, whose end (or a closed
 * connection) frees the place. Past `maxWaiting` queued, `run` answers 429 itself. `enter`
 * counts a request against its address from its arrival to its answer's end.
 * @param {{ concurrency: number, maxWaiting: number, perAddress: number }} options
 */
export function createLane({ concurrency, maxWaiting, perAddress }) {
  let running = 0;
  /** @type {(() => Res)[]} */
  const waiting = [];
  /** @type {Map<string, number>} */
  const held = new Map();

  /** @param {() => Res} start */
  const begin = (start) => {
    running += 1;
    whenOver(start(), () => {
      running -= 1;
      const next = waiting.shift();
      if (next) begin(next);
    });
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    /**
     * Counts the request against `address` until its answer ends; false when the address
     * already holds `perAddress` places, and 429 was sent.
     * @param {string} address
     * @param {Res} res
     */
    enter(address, res) {
      const holding = held.get(address) ?? 0;
      if (holding >= perAddress) {
        refuse(res, 429, TOO_BUSY, { "retry-after": "1" });
        return false;
      }
      held.set(address, holding + 1);
      whenOver(res, () => {
        const left = (held.get(address) ?? 1) - 1;
        if (left > 0) held.set(address, left);
        else held.delete(address);
      });
      return true;
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
        refuse(res, 429, TOO_BUSY, { "retry-after": "1" });
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
 * Why a lane route's body is refused before it is waited for: a body sent in chunks of unknown
 * total could be any size, and a declared one larger than a lane route takes will not fit.
 * @param {Req} req
 * @returns {[number, string] | undefined}
 */
function bodyRefusal(req) {
  if (req.headers["transfer-encoding"] !== undefined) return [411, NO_LENGTH];
  if (Number(req.headers["content-length"] ?? 0) > SMALL_BODY_LIMIT) return [413, TOO_LARGE];
  return undefined;
}

/**
 * The request handler wrapped so that POSTs to a lane's paths run through that lane; `handle`
 * is the server's request handler, `addressOf` the caller's address as the throttles count it.
 * @param {(req: Req, res: Res) => unknown} handle
 * @param {{ addressOf: (req: Req) => string, lanes?: LaneSpec[] }} options
 * @returns {(req: Req, res: Res) => unknown}
 */
export function withLanes(handle, { addressOf, lanes = ANONYMOUS_LANES }) {
  /** @type {Map<string, { lane: ReturnType<typeof createLane>, bodyMs: number }>} */
  const byPath = new Map();
  for (const spec of lanes) {
    const lane = { lane: createLane(spec), bodyMs: spec.bodyMs ?? SMALL_BODY_MS };
    for (const path of spec.paths) byPath.set(path, lane);
  }
  return (req, res) => {
    const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
    const found = req.method === "POST" ? byPath.get(path) : undefined;
    if (!found) return handle(req, res);
    const refusal = bodyRefusal(req);
    if (refusal) return refuse(res, ...refusal);
    if (!found.lane.enter(addressOf(req), res)) return;
    void bodyArrived(req, res, found.bodyMs).then((arrived) => {
      if (!arrived) return;
      found.lane.run(res, () => {
        handle(req, res);
        return res;
      });
    });
  };
}
