// A client that holds a request open by sending it slowly, as an attacker would: the request's
// headers at once, declaring a body of `length` bytes, then one byte of that body every
// `everyMs`, until the server answers or closes the connection. Used by `npm run bench:abuse`
// and by the tests of the server's deadlines (tests/e2e/slow-connections.spec.ts).
import { connect } from "node:net";

/**
 * @typedef {{ status: number, body: string, ms: number }} SlowAnswer
 *   what the server answered (status 0: closed without an answer) and how long after the
 *   headers were sent
 * @typedef {{
 *   sent: Promise<void>,
 *   answer: Promise<SlowAnswer>,
 *   answered: () => boolean,
 *   stop: () => void,
 * }} SlowRequest
 */

/**
 * @param {{
 *   port: number,
 *   path: string,
 *   host?: string,
 *   method?: string,
 *   headers?: Record<string, string>,
 *   length?: number,
 *   everyMs?: number,
 *   headersOnly?: boolean,
 * }} options `headersOnly`: drip the headers themselves instead (a header line, one byte at a time)
 * @returns {SlowRequest}
 */
export function slowRequest({
  port,
  path,
  host = "127.0.0.1",
  method = "POST",
  headers = {},
  length = 100,
  everyMs = 2_000,
  headersOnly = false,
}) {
  // Each byte on its way at once, as the attack sends it (no waiting to gather a packet).
  const socket = connect({ port, host, noDelay: true });
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${host}:${port}`,
    // One request per connection: the answer ends with the connection.
    "Connection: close",
    ...(headersOnly ? [] : ["Content-Type: application/json", `Content-Length: ${length}`]),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  const head = `${lines.join("\r\n")}\r\n${headersOnly ? "X-Slow: " : "\r\n"}`;
  /** @type {Buffer[]} */
  const received = [];
  let started = 0;
  let done = false;
  let dripped = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let drip;
  const sent = new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.write(head, () => {
      started = Date.now();
      resolve(undefined);
      drip = setInterval(() => {
        if (!headersOnly && dripped >= length) return;
        dripped += 1;
        socket.write(headersOnly ? "x" : " ");
      }, everyMs);
    });
  });
  socket.on("data", (chunk) => received.push(chunk));
  /** @type {Promise<SlowAnswer>} */
  const answer = new Promise((resolve) => {
    socket.once("close", () => {
      done = true;
      clearInterval(drip);
      const text = Buffer.concat(received).toString("utf8");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const body = text.slice(text.indexOf("\r\n\r\n") + 4);
      resolve({ status, body, ms: Date.now() - started });
    });
  });
  // The server may close while a byte is on its way: that is an answer, not an error.
  socket.on("error", () => {});
  return {
    sent,
    answer,
    answered: () => done || received.length > 0,
    stop: () => {
      clearInterval(drip);
      socket.destroy();
    },
  };
}
