import { spawn, type ChildProcess } from "node:child_process";
import { request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { expect } from "@playwright/test";

// The production server (scripts/serve.mjs) with several worker processes, started by a spec on a
// port of its own and the end-to-end database, and requests each on a connection of its own, so
// the primary hands each to the next worker and a spec sees which one answered.

export type ServerWorkers = {
  port: number;
  process: ChildProcess;
  /** Everything the server has written to stdout and stderr so far. */
  output: () => string;
};

/** Starts the server and waits until it says it is ready; `env` adds to or overrides the spec's environment. */
export async function startServerWorkers(port: number, env: Record<string, string> = {}): Promise<ServerWorkers> {
  let output = "";
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    // The end-to-end server already receives mail; this one needs no receiver.
    env: {
      ...process.env,
      PORT: String(port),
      TRUST_PROXY_HOPS: "1",
      WEB_CONCURRENCY: "2",
      INBOUND_SMTP_PORT: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toContain("> Ready on");
  return { port, process: child, output: () => output };
}

const running = (server: ServerWorkers | undefined): server is ServerWorkers =>
  server !== undefined && server.process.exitCode === null && server.process.signalCode === null;

/** Stops the server at once unless it already exited (a test may stop it itself; a failed run must not leave it behind). */
export function killServerWorkers(server: ServerWorkers | undefined) {
  if (running(server)) server.process.kill("SIGKILL");
}

/**
 * Stops the server as an operator does (SIGTERM) and waits until it has exited: its job workers
 * (slot 1) finish or release their jobs first, so no job of the end-to-end database stays locked
 * by a process that is gone while other specs wait for its mail.
 */
export async function stopServerWorkers(server: ServerWorkers | undefined) {
  if (!running(server)) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await exited;
}

export type RequestOptions = { method?: string; headers?: Record<string, string>; body?: string };

/** An answer whose body is still arriving (a live stream): `close` ends its connection. */
export type OpenAnswer = {
  status: number;
  worker: string | undefined;
  headers: IncomingHttpHeaders;
  response: IncomingMessage;
  close: () => void;
};

/** One request on a connection of its own; resolves once the answer's headers have arrived. */
export function open(port: number, path: string, options: RequestOptions = {}) {
  return new Promise<OpenAnswer>((resolve, reject) => {
    const req = request(
      { host: "localhost", port, path, method: options.method ?? "GET", headers: options.headers, agent: false },
      (res) =>
        resolve({
          status: res.statusCode ?? 0,
          worker: res.headers["x-server-worker"] as string | undefined,
          headers: res.headers,
          response: res,
          close: () => res.destroy(),
        }),
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

export type Answer = { status: number; worker: string | undefined; headers: IncomingHttpHeaders; body: string };

/** One request on a connection of its own, its answer read to the end. */
export async function send(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  const { response, close: _, ...answer } = await open(port, path, options);
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { ...answer, body: Buffer.concat(chunks).toString("utf8") };
}
