// A request's body as the web stream a NextRequest takes. Node's own adapter (Readable.toWeb)
// destroys the request when its reader cancels, which closes the connection under the answer;
// a route that stops reading (the body limit's 413) must leave the rest to be drained instead
// (unread-body.mjs), so cancelling here only stops reading.

/**
 * @param {import("node:http").IncomingMessage} req
 * @returns {ReadableStream<Uint8Array>}
 */
export function requestBody(req) {
  /** @type {(chunk: Buffer) => void} */
  let onData = () => {};
  /** @type {() => void} */
  let onEnd = () => {};
  /** @type {() => void} */
  let onClose = () => {};
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("close", onClose);
  };
  return new ReadableStream({
    start(controller) {
      onData = (chunk) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // Read no further than the route wants: the client waits while the route is busy.
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      };
      onEnd = () => {
        detach();
        controller.close();
      };
      onClose = () => {
        if (req.complete) return;
        detach();
        controller.error(new Error("The client closed the connection before the request body arrived"));
      };
      req.on("data", onData);
      req.once("end", onEnd);
      req.once("close", onClose);
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      detach();
      req.pause();
    },
  });
}
