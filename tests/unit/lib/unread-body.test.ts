/** @jest-environment node */
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { settleUnreadBody } from "@/lib/http/server/unread-body.mjs";

// A server that answers before reading the body (an early 401), or after reading part of it (a
// 413 past the body limit, whose reader stopped), must neither stall the connection nor reset
// it: a small body is read off and the connection serves the next request, a large one is
// answered with Connection: close and the connection closed once the client has its answer.
// Each answer names the connection (the client's port) that carried it.

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    settleUnreadBody(req, res, { drainLimit: 1024 * 1024, lingerMs: 5_000 });
    if (req.url === "/reads") {
      req.resume();
      req.on("end", () => res.end("read"));
      return;
    }
    if (req.url === "/stops-reading") {
      // As a route's body reader that stops at the limit: the request stays paused, with a reader.
      req.once("data", () => {
        req.pause();
        res.writeHead(413, { "x-client-port": String(req.socket.remotePort) });
        res.end("too large");
      });
      return;
    }
    res.writeHead(401, { "content-type": "application/json", "x-client-port": String(req.socket.remotePort) });
    res.end('{"error":"Unauthorized"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

function send(agent: Agent, path: string, body?: Buffer, chunked = false) {
  return new Promise<Answer>((resolve, reject) => {
    const headers = body && !chunked ? { "content-length": String(body.length) } : undefined;
    const req = request({ host: "127.0.0.1", port, path, method: body ? "POST" : "GET", agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const bytes = (size: number) => Buffer.alloc(size, "x");

describe.each([
  ["never read (401)", "/early", 401],
  ["read in part (413)", "/stops-reading", 413],
])("a body %s", (_what, path, status) => {
  it("is read off when small, and the same connection answers the next request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, path, bytes(200 * 1024));
      expect(first.status).toBe(status);
      expect(first.headers.connection).toBe("keep-alive");
      const second = await send(agent, "/early");
      expect(second.status).toBe(401);
      expect(second.headers["x-client-port"]).toBe(first.headers["x-client-port"]);
    } finally {
      agent.destroy();
    }
  });

  it("without a declared length, is read off too when it is small", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, path, bytes(200 * 1024), true);
      expect(first.status).toBe(status);
      const second = await send(agent, "/early");
      expect(second.headers["x-client-port"]).toBe(first.headers["x-client-port"]);
    } finally {
      agent.destroy();
    }
  });

  it("too large to drain: answered in full with Connection: close, then the connection closes", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, path, bytes(30 * 1024 * 1024));
      expect(first.status).toBe(status);
      expect(first.headers.connection).toBe("close");
      // The client opens a new connection for its next request.
      const second = await send(agent, "/early");
      expect(second.status).toBe(401);
      expect(second.headers["x-client-port"]).not.toBe(first.headers["x-client-port"]);
    } finally {
      agent.destroy();
    }
  });
});

it("leaves a body the handler reads alone", async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await send(agent, "/reads", bytes(200 * 1024))).toMatchObject({ status: 200, body: "read" });
  } finally {
    agent.destroy();
  }
});
