/**
 * @jest-environment node
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { slowRequest, type SlowRequest } from "@/bench/lib/slow-request.mjs";
import { bodyArrived, rateVerdict, watchBodyRate } from "@/lib/http/server/body-deadline.mjs";
import { requestBody } from "@/lib/http/server/request-body.mjs";

// The production server's body deadlines: a lane route's body must arrive within a few seconds,
// every other body must keep to a minimum rate after a grace period; past either, 408 with the
// error shape and the connection closed. Neither reads the body itself.

const TIMED_OUT = { error: "The request took too long to arrive. Please try again.", code: "request_timeout" };

let server: Server | undefined;
let port: number;
const slow: SlowRequest[] = [];

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const started = createServer(handle);
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  port = (started.address() as AddressInfo).port;
  server = started;
}

afterEach(async () => {
  for (const request of slow.splice(0)) request.stop();
  const stopping = server;
  server = undefined;
  stopping?.closeAllConnections();
  await new Promise((resolve) => (stopping ? stopping.close(resolve) : resolve(undefined)));
});

const dripping = (options: { path?: string; length?: number; everyMs: number }) => {
  const request = slowRequest({ port, path: options.path ?? "/", length: options.length, everyMs: options.everyMs });
  slow.push(request);
  return request;
};

/** The body as the API router hands it to a route: through requestBody's web stream. */
const readThroughRouter = async (req: IncomingMessage) => new Response(requestBody(req)).text();

describe("rateVerdict", () => {
  const rules = { graceMs: 10_000, bytesPerSecond: 1024 };

  it("waits out the grace period, however little has arrived", () => {
    expect(rateVerdict({ ...rules, elapsedMs: 0, received: 0, serverBehind: false })).toEqual({
      late: false,
      checkInMs: 10_000,
      restart: false,
    });
    expect(rateVerdict({ ...rules, elapsedMs: 9_999, received: 0, serverBehind: false }).late).toBe(false);
  });

  it("gives each byte received its share of time at the minimum rate", () => {
    // 10 KB in: due at 10 s of grace plus 10 s at 1 KB/s.
    expect(rateVerdict({ ...rules, elapsedMs: 15_000, received: 10 * 1024, serverBehind: false })).toEqual({
      late: false,
      checkInMs: 5_000,
      restart: false,
    });
    expect(rateVerdict({ ...rules, elapsedMs: 20_000, received: 10 * 1024, serverBehind: false })).toEqual({
      late: true,
    });
  });

  it("does not blame the client while the server has stopped reading: the clock starts again", () => {
    expect(rateVerdict({ ...rules, elapsedMs: 60_000, received: 16 * 1024, serverBehind: true })).toEqual({
      late: false,
      checkInMs: 10_000,
      restart: true,
    });
  });
});

describe("watchBodyRate", () => {
  it("answers 408 and closes the connection when a body falls below the rate after the grace period", async () => {
    let handled = false;
    await serve((req, res) => {
      watchBodyRate(req, res, { graceMs: 200, bytesPerSecond: 1_000 });
      void readThroughRouter(req).then(
        () => ((handled = true), res.end("read")),
        () => {},
      );
    });
    const answer = await dripping({ everyMs: 100 }).answer;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(TIMED_OUT);
    expect(answer.ms).toBeGreaterThanOrEqual(200);
    expect(handled).toBe(false);
  });

  it("lets a body that keeps to the rate take longer than the grace period", async () => {
    await serve((req, res) => {
      watchBodyRate(req, res, { graceMs: 100, bytesPerSecond: 100 });
      void readThroughRouter(req).then((body) => res.end(`read ${body.length}`));
    });
    // 60 bytes a byte every 5 ms: 300 ms, three times the grace period, at 200 bytes a second.
    const answer = await dripping({ length: 60, everyMs: 5 }).answer;
    expect(answer).toMatchObject({ status: 200, body: "read 60" });
    expect(answer.ms).toBeGreaterThan(100);
  });

  it("leaves a request without a body alone", async () => {
    await serve((req, res) => {
      watchBodyRate(req, res, { graceMs: 1, bytesPerSecond: 1 });
      res.end("no body");
    });
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("no body");
  });
});

describe("bodyArrived", () => {
  it("resolves once the whole body is in, leaving all of it for the handler to read", async () => {
    await serve((req, res) => {
      void bodyArrived(req, res, 5_000).then(async (arrived) => {
        expect(req.complete).toBe(true);
        res.end(`${arrived} ${await readThroughRouter(req)}`);
      });
    });
    const answer = await dripping({ length: 20, everyMs: 5 }).answer;
    expect(answer).toMatchObject({ status: 200, body: `true ${" ".repeat(20)}` });

    const quick = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: '{"at":"once"}' });
    expect(await quick.text()).toBe('true {"at":"once"}');
  });

  it("resolves at once for a request without a body, whose handler still reads it to its end", async () => {
    await serve((req, res) => {
      void bodyArrived(req, res, 5_000).then(async (arrived) =>
        res.end(`${arrived} ${JSON.stringify(await readThroughRouter(req))}`),
      );
    });
    for (const body of [undefined, ""]) {
      const answer = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body });
      expect(await answer.text()).toBe('true ""');
    }
  });

  it("answers 408 when the body has not arrived by the deadline, and resolves false", async () => {
    const outcomes: boolean[] = [];
    await serve((req, res) => void bodyArrived(req, res, 150).then((arrived) => outcomes.push(arrived)));
    const answer = await dripping({ everyMs: 50 }).answer;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(TIMED_OUT);
    expect(outcomes).toEqual([false]);
  });
});
