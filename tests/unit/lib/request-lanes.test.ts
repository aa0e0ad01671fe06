/**
 * @jest-environment node
 */
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { slowRequest, type SlowRequest } from "@/bench/lib/slow-request.mjs";
import { SMALL_BODY_LIMIT } from "@/lib/http/server/body-deadline.mjs";
import { createLane, withLanes, type LaneSpec } from "@/lib/http/server/request-lanes.mjs";

// The production server's lanes: a flood of one anonymous route runs a few requests at a time
// and waits for the rest, while every other request is served at once. A request takes its
// place only once its body has arrived, and one address holds only a few places.

type Held = { res: ServerResponse; body: string; from: string };

let server: Server;
let port: number;
let base: string;
let held: Held[];
let arrived: () => void;
const slow: SlowRequest[] = [];

/** A server whose lane route reads the whole body it is handed, then waits for the test to answer it. */
async function serve(lane: Partial<LaneSpec> = {}) {
  held = [];
  arrived = () => {};
  const app = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== "/api/login") {
      res.end("ok");
      return;
    }
    let body = "";
    for await (const chunk of req) body += String(chunk);
    held.push({ res, body, from: String(req.headers["x-forwarded-for"]) });
    arrived();
  };
  const spec = { name: "test", paths: ["/api/login"], concurrency: 2, maxWaiting: 3, perAddress: 10, ...lane };
  server = createServer(withLanes(app, { addressOf: (req) => String(req.headers["x-forwarded-for"]), lanes: [spec] }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
}

afterEach(async () => {
  for (const request of slow.splice(0)) request.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

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

const post = (from: string, body = "{}") =>
  fetch(`${base}/api/login`, { method: "POST", body, headers: { "x-forwarded-for": from } });

/** A lane request from `from` whose 100-byte body arrives a byte every 50 ms. */
const dripping = (from: string, everyMs = 50) => {
  const request = slowRequest({ port, path: "/api/login", headers: { "X-Forwarded-For": from }, everyMs });
  slow.push(request);
  return request;
};

it("runs a lane's requests a few at a time, queues the rest, sheds past its bound and lets other routes through", async () => {
  await serve();
  const lane = Array.from({ length: 5 }, (_, i) => post(`192.0.2.${i}`));
  await reached(2);
  await connected(5);
  expect(held).toHaveLength(2);

  // Every place in the lane is taken and three wait: other routes are not delayed...
  const other = await fetch(`${base}/api/health`);
  expect(await other.text()).toBe("ok");
  // ...and one more request to the lane is answered at once.
  const shed = await post("192.0.2.99");
  expect(shed.status).toBe(429);
  expect(shed.headers.get("retry-after")).toBe("1");
  expect(await shed.json()).toEqual({ error: "Too many requests. Please try again later.", code: "rate_limited" });

  // Each finished request lets the next waiting one in, until all five were served.
  for (let served = 0; served < 5; served++) {
    await reached(Math.min(served + 2, 5));
    expect(held.length - served).toBeLessThanOrEqual(2);
    held[served]!.res.end("done");
  }
  const answers = await Promise.all(lane);
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect(held.map((h) => h.body)).toEqual(Array(5).fill("{}"));
});

it("gives a place only to a request whose body has arrived, and hands the handler the whole body", async () => {
  await serve({ concurrency: 1 });
  const slowOne = dripping("198.51.100.1", 5);
  await slowOne.sent;
  // The slow body holds no place: a genuine sign-in is let in at once.
  const genuine = post("198.51.100.2", '{"email":"a@b.test"}');
  await reached(1);
  expect(held[0]!.from).toBe("198.51.100.2");
  held[0]!.res.end("signed in");
  expect(await (await genuine).text()).toBe("signed in");

  // Once its 100 bytes are in, the slow one gets the place, with all of its body.
  await reached(2);
  expect(held[1]).toMatchObject({ from: "198.51.100.1", body: " ".repeat(100) });
  held[1]!.res.end("late but whole");
  expect(await slowOne.answer).toMatchObject({ status: 200, body: "late but whole" });
});

it("answers 408 and closes the connection when a body has not arrived by the deadline, without taking a place", async () => {
  await serve({ concurrency: 1, bodyMs: 300 });
  const slowOne = dripping("198.51.100.3", 100);
  const answer = await slowOne.answer;
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({
    error: "The request took too long to arrive. Please try again.",
    code: "request_timeout",
  });
  expect(answer.ms).toBeGreaterThanOrEqual(300);
  expect(held).toHaveLength(0);
  // Its place in the lane was never taken, and its address's count is back to nothing.
  const next = post("198.51.100.3");
  await reached(1);
  held[0]!.res.end("served");
  expect((await next).status).toBe(200);
});

it("holds only a few places for one address, waiting or running, and answers its next request 429 at once", async () => {
  await serve({ perAddress: 2 });
  const first = dripping("203.0.113.7", 1_000);
  const second = dripping("203.0.113.7", 1_000);
  await Promise.all([first.sent, second.sent]);
  await connected(2);

  // The two places the address holds are its slow requests, still sending their bodies.
  const third = await post("203.0.113.7");
  expect(third.status).toBe(429);
  expect(await third.json()).toEqual({ error: "Too many requests. Please try again later.", code: "rate_limited" });
  expect(third.headers.get("retry-after")).toBe("1");

  // Another address is served as before.
  const other = post("203.0.113.8");
  await reached(1);
  held[0]!.res.end("fine");
  expect((await other).status).toBe(200);

  // Once a slow request has gone, its address may use the place again.
  first.stop();
  await first.answer;
  const again = post("203.0.113.7");
  await reached(2);
  held[1]!.res.end("again");
  expect((await again).status).toBe(200);
});

it("refuses a lane body of unknown length (411) or larger than a lane route takes (413) before waiting for it", async () => {
  await serve();
  const chunked = await fetch(`${base}/api/login`, {
    method: "POST",
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    }),
    duplex: "half",
    headers: { "x-forwarded-for": "192.0.2.50" },
  } as RequestInit);
  expect(chunked.status).toBe(411);
  expect(await chunked.json()).toEqual({ error: "The request must state its body's length", code: "length_required" });

  const large = await post("192.0.2.51", JSON.stringify({ pad: "x".repeat(SMALL_BODY_LIMIT) }));
  expect(large.status).toBe(413);
  expect(await large.json()).toEqual({ error: "Request body is too large", code: "payload_too_large" });
  expect(held).toHaveLength(0);
});

it("forgets a queued request whose client went away", () => {
  const lane = createLane({ concurrency: 1, maxWaiting: 5, perAddress: 5 });
  const response = () =>
    Object.assign(new EventEmitter(), { writeHead: jest.fn(), end: jest.fn(), writableFinished: false });
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
