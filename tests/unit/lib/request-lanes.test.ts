/**
 * @jest-environment node
 */
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createLane, withLanes } from "@/lib/http/server/request-lanes.mjs";

// The production server's lanes: a flood of one anonymous route runs a few requests at a time
// and waits for the rest, while every other request is served at once.

let server: Server;
let base: string;
const held: ServerResponse[] = [];
let arrived: () => void = () => {};

beforeAll(async () => {
  const app = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/api/login") {
      held.push(res);
      arrived();
      return;
    }
    res.end("ok");
  };
  server = createServer(withLanes(app, [{ name: "test", paths: ["/api/login"], concurrency: 2, maxWaiting: 3 }]));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Resolves once `count` lane requests have reached the app. */
const reached = (count: number) =>
  new Promise<void>((resolve) => {
    arrived = () => held.length >= count && resolve();
    arrived();
  });

/** Resolves once the server has accepted `count` connections (queued requests included). */
const connected = async (count: number) => {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    if (open >= count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
};

it("runs a lane's requests a few at a time, queues the rest, sheds past its bound and lets other routes through", async () => {
  const post = () => fetch(`${base}/api/login`, { method: "POST", body: "{}" });
  const lane = Array.from({ length: 5 }, post);
  await reached(2);
  await connected(5);
  expect(held).toHaveLength(2);

  // Every place in the lane is taken and three wait: other routes are not delayed...
  const other = await fetch(`${base}/api/health`);
  expect(await other.text()).toBe("ok");
  // ...and one more request to the lane is answered at once.
  const shed = await post();
  expect(shed.status).toBe(429);
  expect(shed.headers.get("retry-after")).toBe("1");
  expect(await shed.json()).toEqual({ error: "Too many requests. Please try again later.", code: "rate_limited" });

  // Each finished request lets the next waiting one in, until all five were served.
  for (let served = 0; served < 5; served++) {
    await reached(Math.min(served + 2, 5));
    expect(held.length - served).toBeLessThanOrEqual(2);
    held[served].end("done");
  }
  const answers = await Promise.all(lane);
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect(held).toHaveLength(5);
});

it("forgets a queued request whose client went away", () => {
  const lane = createLane({ concurrency: 1, maxWaiting: 5 });
  const response = () => Object.assign(new EventEmitter(), { writeHead: jest.fn(), end: jest.fn() });
  const first = response();
  const started: string[] = [];
  lane.run(first as never, () => (started.push("first"), first) as never);
  const gone = response();
  lane.run(gone as never, () => (started.push("gone"), gone) as never);
  expect(lane.waiting).toBe(1);

  gone.emit("close");
  expect(lane.waiting).toBe(0);
  first.emit("finish");
  expect(started).toEqual(["first"]);
  expect(lane.running).toBe(0);
});
