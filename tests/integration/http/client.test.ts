import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import { createQueryClient, getQueryFn } from "@/lib/http/client/query-client";

// A real HTTP server stands in for the API, so the helpers run their real fetch path.
let server: Server;
let base: string;
const seen: { method?: string; url?: string; body: string; type?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, body, type: req.headers["content-type"] });
      if (req.url === "/api/missing") return res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Ticket not found"}');
      if (req.url === "/api/empty") return res.writeHead(500).end();
      if (req.url === "/api/auth/check") return res.writeHead(401).end('{"error":"Authentication required"}');
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("apiRequest", () => {
  it("sends JSON with its content type", async () => {
    const res = await apiRequest("POST", `${base}/api/tickets`, { subject: "Hi" });
    expect(await res.json()).toEqual({ url: "/api/tickets" });
    expect(seen.at(-1)).toMatchObject({ method: "POST", body: '{"subject":"Hi"}', type: "application/json" });
  });

  it("fails with '<status>: <body text>'", async () => {
    await expect(apiRequest("GET", `${base}/api/missing`)).rejects.toThrow('404: {"error":"Ticket not found"}');
  });

  it("falls back to the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/api/empty`)).rejects.toThrow("500: Internal Server Error");
  });
});

describe("errorMessage", () => {
  it("extracts the server's error text, else the body, else the fallback", () => {
    expect(errorMessage(new Error('409: {"error":"Email already registered"}'), "Try again")).toBe("Email already registered");
    expect(errorMessage(new Error("502: Bad Gateway"), "Try again")).toBe("Bad Gateway");
    expect(errorMessage("nope", "Try again")).toBe("Try again");
  });
});

describe("query client", () => {
  it("joins the key parts with slashes into a GET URL", async () => {
    const client = new QueryClient();
    const data = await client.fetchQuery({ queryKey: [`${base}/api/tickets/detail`, "abc"], queryFn: getQueryFn({ on401: "throw" }) });
    expect(data).toEqual({ url: "/api/tickets/detail/abc" });
    expect(seen.at(-1)?.method).toBe("GET");
  });

  it("yields null on 401 when asked to, and fails otherwise", async () => {
    const client = new QueryClient();
    expect(await client.fetchQuery({ queryKey: [`${base}/api/auth/check`], queryFn: getQueryFn({ on401: "returnNull" }) })).toBeNull();
    await expect(client.fetchQuery({ queryKey: [`${base}/api/auth/check`], queryFn: getQueryFn({ on401: "throw" }) })).rejects.toThrow(/^401: /);
  });

  it("uses spec §9's cache settings", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: Infinity, gcTime: 300_000, refetchInterval: false, refetchOnWindowFocus: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});
