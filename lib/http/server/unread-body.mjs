// A handler may answer before it reads the request's body: 401 without a session, 403 for the
// wrong role, 404 for an unknown id, 413 from the declared length. The client has sent that body,
// or is still sending it, and the connection carries nothing else until it has been read off.
// Left unread it stalls the connection, and the client's next request on it fails with a reset
// once the server gives up on it; closed at once while the client still sends, the server's TCP
// stack answers the incoming bytes with a reset, which can make the client's stack throw away
// the answer before the client has read it. So once the answer is written:
// - a body with at most `drainLimit` bytes is read and thrown away, and the connection stays
//   open for the client's next request;
// - a body declared larger than that is answered with `Connection: close`; the server then stops
//   writing, reads and throws away what the client still sends until it stops (or `lingerMs`
//   pass), and only then closes the connection (the "lingering close" of Apache and nginx).
// The production server (scripts/serve.mjs) does this for every request, whichever of the API
// router or Next answers it.

/** More than this is cheaper to close the connection over than to read off and throw away. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** How long a closing connection keeps reading what the client still sends after its answer. */
export const LINGER_MS = 5_000;

/**
 * Arranges for the unread rest of `req`'s body to be dealt with once `res` is finished. Call it
 * before anything answers the request.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ drainLimit?: number, lingerMs?: number }} [options]
 */
export function settleUnreadBody(req, res, { drainLimit = DRAIN_LIMIT_BYTES, lingerMs = LINGER_MS } = {}) {
  const declared = Number(req.headers["content-length"] ?? 0);
  // Said before any header is written, so that the answer itself tells the client.
  if (declared > drainLimit) res.setHeader("connection", "close");
  res.once("finish", () => {
    if (req.complete) return;
    // Whatever was reading the body has finished with the request: the rest is thrown away.
    req.removeAllListeners("data");
    req.removeAllListeners("readable");
    if (declared > drainLimit) {
      lingeringClose(req, lingerMs);
      return;
    }
    // A body without a declared length may turn out too large to drain as well.
    let drained = 0;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      drained += chunk.length;
      if (drained > drainLimit && !req.socket.writableEnded) {
        req.socket.end();
        lingeringClose(req, lingerMs);
      }
    });
    req.resume();
  });
}

/**
 * Closes `req`'s connection once the client has stopped sending: its answer is out and the
 * server writes nothing more, so the connection is ended for writing at once, and destroyed when
 * the body has arrived, the client closes its side, or `lingerMs` have passed.
 * @param {import("node:http").IncomingMessage} req
 * @param {number} lingerMs
 */
function lingeringClose(req, lingerMs) {
  const socket = req.socket;
  if (socket.destroyed) return;
  // Node ends a connection whose answer said `Connection: close` and destroys it as soon as the
  // answer is flushed, while the client may still be sending; that destroy waits for this.
  socket.removeListener("finish", socket.destroy);
  if (!socket.writableEnded) socket.end();
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  req.once("end", close);
  socket.once("end", close);
  socket.once("close", () => clearTimeout(timer));
  req.resume();
}
