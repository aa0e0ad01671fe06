import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request the receiver got: its path, its headers and its raw body (what a signature covers). */
export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * Another system's webhook endpoint, for tests: a real HTTP server on a free loopback port that
 * keeps every request it gets, in order, and answers each 200 with `reply` (what a delivery log
 * shows of the answer).
 */
export async function startWebhookReceiver(reply = "ok") {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": "text/plain" }).end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** Forgets what was received (a test starting afresh). */
    clear: () => void received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
