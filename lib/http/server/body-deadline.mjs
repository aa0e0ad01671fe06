// A client that sends its request body slowly, a byte every few seconds, holds what the server
// gave its request for as long as it likes: a place in a request lane, a socket, a handler
// waiting on the body. So the production server (scripts/serve.mjs) reads every body under a
// deadline and answers 408 and closes the connection past it:
// - a lane route's body (a sign-in's or a token's few hundred bytes of JSON) must have arrived
//   within a few seconds of its headers (`bodyArrived`);
// - every other body may take its time at first, then must keep coming at a minimum average
//   rate (`watchBodyRate`): large mail uploads through the webhook take long, but never
//   stand still.

/** A lane route's body must have arrived this long after its headers. */
export const SMALL_BODY_MS = 5_000;
/**
 * The largest body a lane route takes. It waits, unread, in the request's own buffer until its
 * handler runs; Node stops reading the connection once that buffer holds 16 KB, so a larger
 * body could never arrive in full. A sign-in or a token's JSON is a few hundred bytes.
 */
export const SMALL_BODY_LIMIT = 16 * 1024;
/** Time any other body has before the minimum rate applies: a slow start is not an attack. */
export const BODY_GRACE_MS = 10_000;
/**
 * The minimum average rate of a body past the grace period, in bytes per second. 1 KB/s is the
 * upload of the slowest mobile data (GPRS sends 2 to 5 KB/s) with room to spare, so a genuine
 * upload never meets it, while a client that drips a byte every few seconds is cut after the
 * grace period.
 */
export const MIN_BODY_BYTES_PER_SECOND = 1024;

const TIMED_OUT = JSON.stringify({
  error: "The request took too long to arrive. Please try again.",
  code: "request_timeout",
});

/** @typedef {import("node:http").IncomingMessage} Req */
/** @typedef {import("node:http").ServerResponse} Res */

/**
 * 408 with the product's error shape, and the connection closed once it is out: what the client
 * still sends belongs to a request that is over. An answer already under way is cut instead.
 * @param {Res} res
 */
export function answerTooSlow(res) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(408, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(TIMED_OUT),
    connection: "close",
  });
  res.end(TIMED_OUT);
}

/**
 * Runs `verdict` once `ms` have passed, after the server has read whatever reached it meanwhile:
 * a server that was busy itself must not blame the client for bytes it had not yet read.
 * @param {() => void} verdict
 * @param {number} ms
 */
function after(ms, verdict) {
  return setTimeout(() => setImmediate(verdict), ms).unref();
}

/**
 * Whether `req` comes with a body: a declared length above 0, or one sent in chunks.
 * @param {Req} req
 */
function hasBody(req) {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Resolves true once the whole of `req`'s body has arrived, left unread in the request for its
 * handler; false when the client left, or when the body had not arrived within `ms` (then 408
 * is answered here). The request's stream is only watched, never read, so whichever reads the
 * body later (the API router or Next) gets all of it. A request without a body is not watched
 * at all: watching its empty stream would end it before its handler listens.
 * @param {Req} req
 * @param {Res} res
 * @param {number} [ms]
 * @returns {Promise<boolean>}
 */
export function bodyArrived(req, res, ms = SMALL_BODY_MS) {
  return new Promise((resolve) => {
    if (req.complete || !hasBody(req)) {
      resolve(true);
      return;
    }
    let settled = false;
    /** @param {boolean} arrived */
    const settle = (arrived) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("readable", check);
      res.off("close", gone);
      resolve(arrived);
    };
    // 'readable' tells of each piece that arrives, and of the end; nothing is taken out.
    const check = () => {
      if (req.complete) settle(true);
    };
    const gone = () => settle(false);
    const timer = after(ms, () => {
      if (settled) return;
      if (req.complete) return settle(true);
      settle(false);
      answerTooSlow(res);
    });
    req.on("readable", check);
    res.once("close", gone);
  });
}

/**
 * When the body must have been heard from again: `grace` ms after the start, plus the time the
 * bytes received so far buy at `bytesPerSecond`; "late" once that has passed. A handler that
 * has stopped reading (its buffer is full) holds the client back itself: the clock starts again.
 * @param {{ elapsedMs: number, received: number, serverBehind: boolean, graceMs: number, bytesPerSecond: number }} state
 * @returns {{ late: false, checkInMs: number, restart: boolean } | { late: true }}
 */
export function rateVerdict({ elapsedMs, received, serverBehind, graceMs, bytesPerSecond }) {
  const dueMs = graceMs + (received * 1000) / bytesPerSecond;
  if (elapsedMs < dueMs) return { late: false, checkInMs: Math.ceil(dueMs - elapsedMs), restart: false };
  if (serverBehind) return { late: false, checkInMs: graceMs, restart: true };
  return { late: true };
}

/**
 * Keeps `req`'s body (if it has one) to the minimum rate after the grace period; past it, 408
 * (or, once an answer is under way or out, the connection is closed). Counts the bytes the
 * connection has received, so it reads nothing itself.
 * @param {Req} req
 * @param {Res} res
 * @param {{ graceMs?: number, bytesPerSecond?: number }} [options]
 */
export function watchBodyRate(req, res, { graceMs = BODY_GRACE_MS, bytesPerSecond = MIN_BODY_BYTES_PER_SECOND } = {}) {
  if (req.complete || !hasBody(req)) return;
  const socket = req.socket;
  let since = Date.now();
  let base = socket.bytesRead;
  /** @type {NodeJS.Timeout} */
  let timer;
  const check = () => {
    if (req.complete || socket.destroyed) return;
    const verdict = rateVerdict({
      elapsedMs: Date.now() - since,
      received: socket.bytesRead - base,
      serverBehind: req.readableLength >= req.readableHighWaterMark,
      graceMs,
      bytesPerSecond,
    });
    if (verdict.late) {
      if (res.writableEnded) socket.destroy();
      else answerTooSlow(res);
      return;
    }
    if (verdict.restart) {
      since = Date.now();
      base = socket.bytesRead;
    }
    timer = after(verdict.checkInMs, check);
  };
  timer = after(graceMs, check);
  // Once the answer is out, a body that has arrived needs no more watching; one still arriving
  // (the rest of a body the handler did not want, being read off) is watched to its end.
  res.once("close", () => {
    if (req.complete || socket.destroyed) clearTimeout(timer);
  });
}
