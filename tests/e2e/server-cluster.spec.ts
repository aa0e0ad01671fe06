import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./helpers";
import {
  killServerWorkers,
  send as sendTo,
  startServerWorkers,
  type RequestOptions,
  type ServerWorkers,
} from "./server-workers";

// Every core: the production server with WEB_CONCURRENCY=2 on the end-to-end database. Requests
// are answered by two worker processes, a worker that dies is replaced while the other keeps
// answering, and the login throttle counts across both (it lives in PostgreSQL, not in a worker).

const PORT = Number(process.env.E2E_CLUSTER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2);

let server: ServerWorkers;
let primary: ChildProcess;
test.beforeAll(async () => {
  server = await startServerWorkers(PORT);
  primary = server.process;
});
// The last test stops it; a failed run must not leave it behind.
test.afterAll(() => killServerWorkers(server));

type Answer = { status: number; worker: string | undefined };

const send = (path: string, options?: RequestOptions): Promise<Answer> => sendTo(PORT, path, options);

/** The worker processes the primary runs now (Linux /proc). */
function workerPids(): number[] {
  return readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/** The worker slots that answered `count` health checks in a row. */
async function slotsAnswering(count = 6): Promise<string[]> {
  const slots = new Set<string>();
  for (let i = 0; i < count; i++) {
    const answer = await send("/api/health");
    if (answer.status === 200 && answer.worker) slots.add(answer.worker);
  }
  return [...slots].sort();
}

test.describe.configure({ mode: "serial" });

test("two worker processes answer, and the server says it is ready once", async () => {
  expect(workerPids()).toHaveLength(2);
  expect(await slotsAnswering()).toEqual(["1", "2"]);
  expect(server.output().match(/> Ready on/g)).toHaveLength(1);
  expect(server.output()).toContain("(2 worker processes)");
});

test("a worker does not load Next's compiler (about 28 MB each) to read the config", async () => {
  for (const pid of workerPids()) expect(readFileSync(`/proc/${pid}/maps`, "utf8")).not.toContain("next-swc");
});

test("a worker that dies is replaced while the other keeps answering", async () => {
  const before = workerPids();
  const victim = before[0];
  process.kill(victim, "SIGKILL");
  // Once the primary has seen it go, every request is answered (by the survivor until the
  // replacement is up), none is lost.
  await expect.poll(() => workerPids().includes(victim)).toBe(false);
  for (let i = 0; i < 5; i++) expect((await send("/api/health")).status).toBe(200);
  await expect.poll(() => workerPids().filter((pid) => !before.includes(pid)), { timeout: 60_000 }).toHaveLength(1);
  await expect.poll(() => slotsAnswering(), { timeout: 60_000 }).toEqual(["1", "2"]);
  expect(server.output()).toMatch(/worker \d \(pid \d+\) exited \(SIGKILL\)/);
});

test("the login throttle counts attempts across both workers", async () => {
  const email = uniqueEmail("cluster-throttle");
  const headers = { "content-type": "application/json", "x-forwarded-for": "192.0.2.77" };
  const body = JSON.stringify({ email, password: "not-the-password" });
  const answers: Answer[] = [];
  // loginPerAccountAndAddress: ten failures from one address, then 429, whichever worker counts.
  for (let i = 0; i < 10; i++) answers.push(await send("/api/login", { method: "POST", headers, body }));
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
  expect(new Set(answers.map((a) => a.worker))).toEqual(new Set(["1", "2"]));
  const past = [await send("/api/login", { method: "POST", headers, body })];
  past.push(await send("/api/login", { method: "POST", headers, body }));
  expect(past.map((a) => a.status)).toEqual([429, 429]);
  expect(new Set(past.map((a) => a.worker))).toEqual(new Set(["1", "2"]));
});

/** Whether a new connection to the port is taken (false once the server stopped accepting). */
function accepting() {
  return new Promise<boolean>((resolve) => {
    const socket = connect(PORT, "localhost");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test("on SIGTERM a request in flight is answered, then every process exits", async () => {
  const body = JSON.stringify({ email: uniqueEmail("cluster-drain"), password: "not-the-password" });
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "x-forwarded-for": "192.0.2.78",
    // A worker answers "100 Continue" once it has read the headers: then the request is its own.
    expect: "100-continue",
  };
  const req = request({ host: "localhost", port: PORT, path: "/api/login", method: "POST", headers, agent: false });
  const answered = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  await new Promise((resolve) => req.once("continue", resolve));
  const exited = new Promise((resolve) => primary.once("exit", (code) => resolve(code)));
  primary.kill("SIGTERM");
  // The server takes no new connections, yet the one with a request in flight stays open.
  await expect.poll(accepting).toBe(false);
  req.end(body);
  expect(await answered).toBe(401);
  expect(await exited).toBe(0);
});
