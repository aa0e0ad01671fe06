// A lean HTTP/1.1 client for the open-loop bench: keep-alive connections, one request at a time
// on each, requests written as one string and answers read by their Content-Length (or chunks).
// Node's http client spends several times the CPU per request of the servers it measures; on a
// two-core machine that the load generator shares with the server and PostgreSQL, "half the
// maximum rate" sent through it kept the machine nearly saturated, and the open loop measured
// its own client. This one only does what the bench's GETs and small POSTs need.
import net from "node:net";

const HEADER_END = Buffer.from("\r\n\r\n");

/** @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string }} Request */
/** @typedef {{ text: string, resolve: (status: number) => void, retriable: boolean }} Job */
/**
 * @typedef {{
 *   socket: net.Socket,
 *   buffer: Buffer,
 *   current: Job | null,
 *   timer: NodeJS.Timeout | undefined,
 *   served: number,
 *   error?: string,
 * }} Connection
 */

/**
 * Reads one answer off a connection's bytes: its status, what follows it, and whether the server
 * closes the connection after it; null while it is incomplete.
 * @param {Buffer} buffer
 */
export function readAnswer(buffer) {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.toString("latin1", 0, headerEnd);
  const answer = read(buffer, head, headerEnd + 4);
  return answer && { ...answer, closes: /\r\nconnection:\s*close/i.test(head) };
}

/**
 * @param {Buffer} buffer
 * @param {string} head
 * @param {number} bodyStart
 * @returns {{ status: number, rest: Buffer } | null}
 */
function read(buffer, head, bodyStart) {
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buffer.length >= end ? { status, rest: buffer.subarray(end) } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.toString("latin1", at, lineEnd), 16);
      // The last chunk is empty and followed by an empty line (no trailers are sent here).
      const next = lineEnd + 2 + size + 2;
      if (buffer.length < next) return null;
      if (size === 0) return { status, rest: buffer.subarray(next) };
      at = next;
    }
  }
  // No length and no chunks: a body-less status (204, 304) or one that ends with the connection.
  return status === 204 || status === 304 || status < 200 ? { status, rest: buffer.subarray(bodyStart) } : null;
}

/**
 * Connections to `base` (http only), opened as needed up to `maxSockets`; `send` resolves with
 * the answer's status, or 0 when the connection failed or the answer took over `timeoutMs`.
 * `failures` counts the 0s by cause: "timeout", the socket's error code, or how it closed.
 * @param {string} base
 * @param {{ maxSockets?: number, timeoutMs?: number }} [options]
 */
export function httpConnections(base, { maxSockets = 512, timeoutMs = 10_000 } = {}) {
  const url = new URL(base);
  const host = url.host;
  /** @type {Connection[]} */
  const idle = [];
  /** @type {Job[]} */
  const waiting = [];
  /** @type {Set<Connection>} */
  const open = new Set();
  /** @type {Record<string, number>} */
  const failures = {};
  /** @param {string} cause */
  const failed = (cause) => (failures[cause] = (failures[cause] ?? 0) + 1);

  /** @returns {Connection} */
  function connect() {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 80), noDelay: true });
    /** @type {Connection} */
    const connection = { socket, buffer: Buffer.alloc(0), current: null, timer: undefined, served: 0 };
    socket.on("data", (chunk) => {
      connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
      const answer = connection.current && readAnswer(connection.buffer);
      if (answer) finish(connection, answer.status, answer.rest, !answer.closes);
    });
    // The server closed it (keep-alive timeout) or it failed: never handed out again. A request
    // that went out on a connection the server was closing, and got nothing back, goes again on
    // another, once, as browsers do for a GET: it never reached the server.
    const fail = () => {
      open.delete(connection);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      const job = connection.current;
      if (!job) return;
      if (connection.served > 0 && connection.buffer.length === 0 && job.retriable) {
        clearTimeout(connection.timer);
        connection.current = null;
        dispatch({ ...job, retriable: false });
        return;
      }
      failed(
        connection.error ?? (connection.served > 0 ? "closed on a reused connection" : "closed before any answer"),
      );
      finish(connection, 0, Buffer.alloc(0), false);
    };
    socket.on("error", (/** @type {NodeJS.ErrnoException} */ error) => {
      connection.error = error.code ?? error.message;
      fail();
    });
    socket.on("close", fail);
    open.add(connection);
    return connection;
  }

  /**
   * Settles the connection's current job (there is one whenever this is called).
   * @param {Connection} connection
   * @param {number} status
   * @param {Buffer} rest
   */
  function finish(connection, status, rest, reusable = true) {
    clearTimeout(connection.timer);
    const { resolve } = /** @type {Job} */ (connection.current);
    connection.current = null;
    connection.served += 1;
    connection.buffer = rest;
    if (reusable && !connection.socket.destroyed) release(connection);
    resolve(status);
  }

  /** @param {Connection} connection */
  function release(connection) {
    const next = waiting.shift();
    if (next) start(connection, next);
    else idle.push(connection);
  }

  /** @param {Job} job */
  function dispatch(job) {
    const connection = idle.pop() ?? (open.size < maxSockets ? connect() : null);
    if (connection) start(connection, job);
    else waiting.push(job);
  }

  /**
   * @param {Connection} connection
   * @param {Job} job
   */
  function start(connection, job) {
    connection.current = job;
    connection.timer = setTimeout(() => {
      failed("timeout");
      connection.socket.destroy();
      open.delete(connection);
      finish(connection, 0, Buffer.alloc(0), false);
    }, timeoutMs);
    connection.socket.write(job.text);
  }

  return {
    /**
     * `request`: { method, path, headers, body } as the scenarios describe it.
     * @param {Request} request
     * @returns {Promise<number>}
     */
    send(request) {
      const method = request.method ?? "GET";
      const body = request.body ?? "";
      let text = `${method} ${request.path} HTTP/1.1\r\nHost: ${host}\r\n`;
      for (const [name, value] of Object.entries(request.headers ?? {})) text += `${name}: ${value}\r\n`;
      if (body) text += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
      text += `\r\n${body}`;
      return new Promise((resolve) => dispatch({ text, resolve, retriable: method === "GET" || method === "HEAD" }));
    },
    get connections() {
      return open.size;
    },
    failures,
    close() {
      for (const connection of open) connection.socket.destroy();
    },
  };
}
