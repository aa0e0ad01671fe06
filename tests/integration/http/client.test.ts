import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, errorMessage } from "@/lib/http/client/api";
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
      if (req.url === "/api/limited")
        return res
          .writeHead(403, { "content-type": "application/json" })
          .end(
            '{"error":"Ticket limit reached: your Free plan allows 150 tickets. Upgrade your plan to create more.","code":"ticket_limit_reached"}',
          );
      if (req.url === "/api/invalid")
        return res
          .writeHead(400, { "content-type": "application/json" })
          .end('{"error":"Name is required","code":"validation_failed","issues":[]}');
      if (req.url === "/api/odd-code")
        return res
          .writeHead(418, { "content-type": "application/json" })
          .end('{"error":"Short and stout","code":"teapot"}');
      if (req.url === "/api/gateway") return res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway");
      if (req.url === "/api/missing")
        return res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Ticket not found"}');
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

/** What a failed call threw, as plain fields (so a wrong type or field shows in the diff). */
async function failure(path: string) {
  const error = await apiRequest("GET", `${base}${path}`).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError from ${path}, got ${String(error)}`);
  return { status: error.status, code: error.code, error: error.error, message: error.message, name: error.name };
}

describe("ApiError", () => {
  it("carries the status, the server's code and text, and the '<status>: <body>' message", async () => {
    const body =
      '{"error":"Ticket limit reached: your Free plan allows 150 tickets. Upgrade your plan to create more.","code":"ticket_limit_reached"}';
    expect(await failure("/api/limited")).toEqual({
      status: 403,
      code: "ticket_limit_reached",
      error: "Ticket limit reached: your Free plan allows 150 tickets. Upgrade your plan to create more.",
      message: `403: ${body}`,
      name: "ApiError",
    });
    expect(await failure("/api/invalid")).toMatchObject({
      status: 400,
      code: "validation_failed",
      error: "Name is required",
    });
  });

  it("has no code when the answer is not one of ours", async () => {
    expect(await failure("/api/odd-code")).toMatchObject({ status: 418, code: null, error: "Short and stout" });
    expect(await failure("/api/gateway")).toEqual({
      status: 502,
      code: null,
      error: "Bad Gateway",
      message: "502: Bad Gateway",
      name: "ApiError",
    });
    expect(await failure("/api/empty")).toEqual({
      status: 500,
      code: null,
      error: "Internal Server Error",
      message: "500: Internal Server Error",
      name: "ApiError",
    });
  });
});

describe("errorMessage", () => {
  it("gives the server's error text, else the body, else the fallback", async () => {
    expect(errorMessage(await apiRequest("GET", `${base}/api/limited`).catch((e: unknown) => e), "Try again")).toBe(
      "Ticket limit reached: your Free plan allows 150 tickets. Upgrade your plan to create more.",
    );
    expect(errorMessage(await apiRequest("GET", `${base}/api/gateway`).catch((e: unknown) => e), "Try again")).toBe(
      "Bad Gateway",
    );
    expect(errorMessage(new ApiError(500, null, "", "500: "), "Try again")).toBe("Try again");
    expect(errorMessage(new TypeError("Failed to fetch"), "Try again")).toBe("Failed to fetch");
    expect(errorMessage("nope", "Try again")).toBe("Try again");
  });
});

describe("query client", () => {
  it("joins the key parts with slashes into a GET URL", async () => {
    const client = new QueryClient();
    const data = await client.fetchQuery({
      queryKey: [`${base}/api/tickets/detail`, "abc"],
      queryFn: getQueryFn({ on401: "throw" }),
    });
    expect(data).toEqual({ url: "/api/tickets/detail/abc" });
    expect(seen.at(-1)?.method).toBe("GET");
  });

  it("yields null on 401 when asked to, and fails otherwise", async () => {
    const client = new QueryClient();
    expect(
      await client.fetchQuery({ queryKey: [`${base}/api/auth/check`], queryFn: getQueryFn({ on401: "returnNull" }) }),
    ).toBeNull();
    await expect(
      client.fetchQuery({ queryKey: [`${base}/api/auth/check`], queryFn: getQueryFn({ on401: "throw" }) }),
    ).rejects.toMatchObject({ status: 401, code: null, message: '401: {"error":"Authentication required"}' });
  });

  it("never refetches by itself: fresh forever, no focus refetch, no polling, no retries", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      gcTime: 300_000,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
