/**
 * @jest-environment node
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { httpConnections, readAnswer } from "@/bench/lib/http-connections.mjs";

// The open-loop bench's own HTTP client: it must read every answer the servers give (a length,
// chunks, no body), reuse connections, and give up on a silent server instead of hanging.

describe("readAnswer", () => {
  const bytes = (text: string) => Buffer.from(text, "latin1");

  it("reads an answer by its Content-Length and keeps what follows", () => {
    expect(readAnswer(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))).toEqual({
      status: 200,
      rest: bytes(""),
      closes: false,
    });
    expect(readAnswer(bytes("HTTP/1.1 404 Not Found\r\ncontent-length: 1\r\n\r\nxHTTP"))).toEqual({
      status: 404,
      rest: bytes("HTTP"),
      closes: false,
    });
    expect(readAnswer(bytes("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"))?.closes).toBe(true);
  });

  it("waits for the rest of a split answer", () => {
    expect(readAnswer(bytes("HTTP/1.1 200 OK\r\nContent-Len"))).toBeNull();
    expect(readAnswer(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabc"))).toBeNull();
    expect(readAnswer(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"))).toBeNull();
  });

  it("reads a chunked answer to its last chunk", () => {
    const answer = bytes(
      "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\na\r\n0123456789\r\n0\r\n\r\n",
    );
    expect(readAnswer(answer)).toEqual({ status: 201, rest: bytes(""), closes: false });
  });

  it("reads an answer that has no body", () => {
    expect(readAnswer(bytes("HTTP/1.1 204 No Content\r\n\r\n"))).toEqual({
      status: 204,
      rest: bytes(""),
      closes: false,
    });
  });
});

describe("httpConnections", () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; url?: string; cookie?: string; body: string; socket: unknown }[] = [];
  let onSilent = () => {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, cookie: req.headers.cookie, body, socket: req.socket });
        if (req.url === "/silent") return onSilent();
        if (req.url === "/chunked") {
          res.write("part one ");
          res.end("part two");
          return;
        }
        if (req.url === "/close") res.setHeader("connection", "close");
        res.writeHead(req.url === "/missing" ? 404 : 200).end(`answer to ${req.url}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends requests with their headers and body, and reuses an idle connection", async () => {
    seen.length = 0;
    const client = httpConnections(base);
    expect(await client.send({ method: "GET", path: "/a", headers: { cookie: "s=1" } })).toBe(200);
    expect(await client.send({ method: "POST", path: "/b", body: '{"x":"é"}' })).toBe(200);
    expect(await client.send({ method: "GET", path: "/missing" })).toBe(404);
    expect(await client.send({ method: "GET", path: "/chunked" })).toBe(200);
    expect(seen.map(({ method, url, cookie, body }) => ({ method, url, cookie, body }))).toEqual([
      { method: "GET", url: "/a", cookie: "s=1", body: "" },
      { method: "POST", url: "/b", cookie: undefined, body: '{"x":"é"}' },
      { method: "GET", url: "/missing", cookie: undefined, body: "" },
      { method: "GET", url: "/chunked", cookie: undefined, body: "" },
    ]);
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
    expect(client.connections).toBe(1);
    client.close();
  });

  it("opens more connections for requests in flight at once, and a new one after the server closed one", async () => {
    const client = httpConnections(base);
    expect(await Promise.all([1, 2, 3].map((i) => client.send({ path: `/p${i}` })))).toEqual([200, 200, 200]);
    expect(client.connections).toBe(3);
    // The answer says the server closes this connection: it is not handed out again.
    expect(await client.send({ path: "/close" })).toBe(200);
    expect(await Promise.all([1, 2, 3].map((i) => client.send({ path: `/q${i}` })))).toEqual([200, 200, 200]);
    client.close();
  });

  it("sends a GET again on a new connection when the server closed the reused one unanswered, never a POST", async () => {
    // Answers the first request of each connection, and closes it on the second unanswered, as a
    // server whose keep-alive timeout ends just as the request goes out.
    let connections = 0;
    const closing = net.createServer((socket) => {
      connections++;
      let requests = 0;
      socket.on("data", () => {
        requests++;
        if (requests === 1) socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        else socket.destroy();
      });
    });
    await new Promise<void>((resolve) => closing.listen(0, "127.0.0.1", resolve));
    const client = httpConnections(`http://127.0.0.1:${(closing.address() as AddressInfo).port}`);
    try {
      expect(await client.send({ path: "/first" })).toBe(200);
      expect(await client.send({ path: "/again" })).toBe(200);
      expect(connections).toBe(2);
      expect(client.failures).toEqual({});
      expect(await client.send({ method: "POST", path: "/write", body: "x" })).toBe(0);
      expect(client.failures).toEqual({ "closed on a reused connection": 1 });
    } finally {
      client.close();
      await new Promise((resolve) => closing.close(resolve));
    }
  });

  it("answers 0 for a server that does not answer in time or cannot be reached", async () => {
    // The client's clock is Jest's: the timeout passes once the request has reached the server.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    const client = httpConnections(base);
    try {
      const arrived = new Promise<void>((resolve) => (onSilent = resolve));
      const silent = client.send({ path: "/silent" });
      await arrived;
      jest.advanceTimersByTime(10_000);
      expect(await silent).toBe(0);
      expect(client.failures).toEqual({ timeout: 1 });
    } finally {
      jest.useRealTimers();
    }
    expect(await client.send({ path: "/a" })).toBe(200);
    client.close();
    const nowhere = httpConnections("http://127.0.0.1:1");
    expect(await nowhere.send({ path: "/" })).toBe(0);
    expect(nowhere.failures).toEqual({ ECONNREFUSED: 1 });
  });
});
