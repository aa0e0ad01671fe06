/**
 * @jest-environment node
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openLoop } from "@/bench/lib/open-loop.mjs";

// The bench's open-loop mode must keep sending on schedule while the server answers nothing
// (a closed loop would stop at one request per connection), and time each request from its
// scheduled moment, so the wait for a stalled server shows in the percentiles.

describe("openLoop", () => {
  let server: http.Server;
  let base: string;
  const held: http.ServerResponse[] = [];
  const paths: string[] = [];
  let onRequest = () => {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      paths.push(req.url ?? "");
      if (req.url?.startsWith("/missing")) {
        res.writeHead(404).end();
        return;
      }
      held.push(res);
      onRequest();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends every scheduled request while none is answered, and counts the stall in the latency", async () => {
    const all = new Promise<void>((resolve) => (onRequest = () => held.length === 40 && resolve()));
    const run = openLoop(base, [{ method: "GET", setupRequest: (req: object) => ({ ...req, path: "/held" }) }], {
      rate: 100,
      seconds: 0.4,
    });
    await all;
    const firstArrived = performance.now();
    // Everything has arrived and nothing has been answered: hold the answers a little longer.
    while (performance.now() - firstArrived < 150) await new Promise((r) => setImmediate(r));
    for (const res of held.splice(0)) res.writeHead(200).end("ok");

    const result = await run;
    expect(result.requests).toBe(40);
    expect(result.errors).toBe(0);
    // The last request was answered at least 150 ms after every request had been sent.
    expect(result.p99).toBeGreaterThanOrEqual(150);
    expect(result.offeredPerSec).toBe(100);
  });

  it("runs a scenario's requests in order with one shared context and counts non-2xx answers", async () => {
    paths.length = 0;
    let arrivals = 0;
    const steps = [
      {
        method: "GET",
        setupRequest: (req: object, context: { id?: number }) => (
          (context.id = ++arrivals),
          { ...req, path: "/missing/a" }
        ),
      },
      {
        method: "GET",
        setupRequest: (req: object, context: { id?: number }) => ({ ...req, path: `/missing/b-${context.id}` }),
      },
    ];
    const result = await openLoop(base, steps, { rate: 40, seconds: 0.25 });
    // 40 requests a second over two steps: 20 arrivals a second, 5 in 0.25 s, two requests each.
    expect(result.requests).toBe(10);
    expect(result.non2xx).toBe(10);
    expect(result.errors).toBe(10);
    expect(paths.filter((p) => p === "/missing/a")).toHaveLength(5);
    expect(paths.filter((p) => p.startsWith("/missing/b-")).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/missing/b-${n}`),
    );
  });
});
