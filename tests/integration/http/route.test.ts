import { z } from "zod";
import { AppError } from "@/lib/errors";
import { json } from "@/lib/http/server/respond";
import { publicRoute, route } from "@/lib/http/server/route";
import { makeRequest, params, readJson } from "../helpers/request";

const echo = publicRoute(
  { body: z.object({ name: z.string().min(1, "Name is required"), count: z.number().int() }), maxBodyBytes: 1024 },
  ({ body }) => ({ received: body }),
);

describe("route wrapper: bodies", () => {
  it("passes a valid JSON body to the handler", async () => {
    const res = await echo(makeRequest("/api/x", { method: "POST", body: { name: "a", count: 2 } }), params());
    expect(await readJson(res)).toEqual({ status: 200, body: { received: { name: "a", count: 2 } } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("rejects malformed JSON with 400", async () => {
    const res = await echo(
      makeRequest("/api/x", { method: "POST", rawBody: '{"name":', headers: { "content-type": "application/json" } }),
      params(),
    );
    expect(await readJson(res)).toEqual({ status: 400, body: { error: "Malformed JSON body", code: "bad_request" } });
  });

  it("rejects an empty body with 400", async () => {
    const res = await echo(
      makeRequest("/api/x", { method: "POST", rawBody: "", headers: { "content-type": "application/json" } }),
      params(),
    );
    expect(await readJson(res)).toEqual({
      status: 400,
      body: { error: "Request body is required", code: "bad_request" },
    });
  });

  it("rejects a non-JSON content type with 415", async () => {
    const res = await echo(
      makeRequest("/api/x", {
        method: "POST",
        rawBody: "name=a",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      params(),
    );
    expect(await readJson(res)).toEqual({
      status: 415,
      body: { error: "Content-Type must be application/json", code: "unsupported_media_type" },
    });
  });

  it("rejects a missing content type with 415", async () => {
    const res = await echo(makeRequest("/api/x", { method: "POST", rawBody: '{"name":"a","count":1}' }), params());
    expect(res.status).toBe(415);
  });

  it("rejects an oversize body with 413, declared or streamed", async () => {
    const big = JSON.stringify({ name: "x".repeat(2000), count: 1 });
    const declared = await echo(
      makeRequest("/api/x", {
        method: "POST",
        rawBody: big,
        headers: { "content-type": "application/json", "content-length": String(big.length) },
      }),
      params(),
    );
    expect(await readJson(declared)).toEqual({
      status: 413,
      body: { error: "Request body is too large", code: "payload_too_large" },
    });
    const undeclared = await echo(
      makeRequest("/api/x", { method: "POST", rawBody: big, headers: { "content-type": "application/json" } }),
      params(),
    );
    expect(undeclared.status).toBe(413);
  });

  it("rejects schema violations with 400, the first message and every issue", async () => {
    const res = await echo(makeRequest("/api/x", { method: "POST", body: { name: "", count: "two" } }), params());
    const { status, body } = await readJson(res);
    expect(status).toBe(400);
    expect(body.error).toBe("Name is required");
    expect(body.code).toBe("validation_failed");
    expect(body.issues).toEqual([
      { path: "name", message: "Name is required" },
      { path: "count", message: expect.any(String) },
    ]);
  });

  it("rejects a JSON body of the wrong shape (array, null) with 400", async () => {
    for (const rawBody of ["[]", "null", '"text"']) {
      const res = await echo(
        makeRequest("/api/x", { method: "POST", rawBody, headers: { "content-type": "application/json" } }),
        params(),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });
});

describe("route wrapper: query strings and params", () => {
  const list = publicRoute(
    { query: z.object({ limit: z.coerce.number().int().max(200, "limit must be at most 200").default(50) }) },
    ({ query, params: p }) => ({ query, params: p }),
  );

  it("parses the query and hands over dynamic params", async () => {
    const res = await list(makeRequest("/api/x/abc?limit=20"), params({ id: "abc" }));
    expect(await readJson(res)).toEqual({ status: 200, body: { query: { limit: 20 }, params: { id: "abc" } } });
  });

  it("rejects an invalid query with 400", async () => {
    const res = await list(makeRequest("/api/x?limit=500"), params());
    expect(await readJson(res)).toMatchObject({ status: 400, body: { error: "limit must be at most 200" } });
  });
});

describe("route wrapper: cross-site mutations", () => {
  const mutate = publicRoute({}, () => ({ done: true }));

  it("accepts same-origin and header-less callers", async () => {
    expect(
      (
        await mutate(
          makeRequest("/api/x", {
            method: "POST",
            headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
          }),
          params(),
        )
      ).status,
    ).toBe(200);
    expect((await mutate(makeRequest("/api/x", { method: "POST" }), params())).status).toBe(200);
  });

  it("rejects a foreign Origin with 403", async () => {
    const res = await mutate(
      makeRequest("/api/x", { method: "POST", headers: { origin: "https://evil.example" } }),
      params(),
    );
    expect(await readJson(res)).toEqual({
      status: 403,
      body: { error: "Cross-site request rejected", code: "cross_site_rejected" },
    });
  });

  it.each(["cross-site", "same-site"])("rejects Sec-Fetch-Site %s with 403", async (site) => {
    const res = await mutate(
      makeRequest("/api/x", { method: "DELETE", headers: { "sec-fetch-site": site } }),
      params(),
    );
    expect(res.status).toBe(403);
  });

  it("lets cross-site reads through (GET has no side effects)", async () => {
    const res = await mutate(
      makeRequest("/api/x", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }),
      params(),
    );
    expect(res.status).toBe(200);
  });
});

describe("route wrapper: errors", () => {
  it("answers an AppError with its code's status, message, code and Retry-After", async () => {
    const handler = publicRoute({}, () => {
      throw new AppError("rate_limited", "Slow down", { retryAfterSeconds: 30 });
    });
    const res = await handler(makeRequest("/api/x"), params());
    expect(await readJson(res)).toEqual({ status: 429, body: { error: "Slow down", code: "rate_limited" } });
    expect(res.headers.get("retry-after")).toBe("30");
  });

  it("maps a record-not-found error to 404", async () => {
    const handler = publicRoute({}, () => {
      throw Object.assign(new Error("No record"), { code: "P2025" });
    });
    expect(await readJson(await handler(makeRequest("/api/x"), params()))).toEqual({
      status: 404,
      body: { error: "Not found", code: "not_found" },
    });
  });

  it("maps an unreachable database to 503", async () => {
    const handler = publicRoute({}, () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    });
    const res = await handler(makeRequest("/api/x"), params());
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(/temporarily unavailable/);
  });

  it("hides unexpected errors behind a 500 and logs them with the request id", async () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    const handler = publicRoute({}, () => {
      throw new Error("secret internal detail");
    });
    const res = await handler(makeRequest("/api/x"), params());
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: "Internal server error", code: "internal" });
    expect(text).not.toContain("secret");
    const logged = JSON.parse(log.mock.calls[0]![0] as string);
    expect(logged).toMatchObject({
      level: "error",
      requestId: res.headers.get("x-request-id"),
      message: "secret internal detail",
    });
    log.mockRestore();
  });

  it("passes a handler's own Response through and adds the request id", async () => {
    const handler = publicRoute({}, () => json({ id: 1 }, { status: 201 }));
    const res = await handler(makeRequest("/api/x"), params());
    expect(await readJson(res)).toEqual({ status: 201, body: { id: 1 } });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("route wrapper: authentication", () => {
  it("rejects an anonymous caller with 401 before parsing the body", async () => {
    const handler = route({ body: z.object({ a: z.string() }) }, () => ({ ok: true }));
    const res = await handler(
      makeRequest("/api/x", { method: "POST", rawBody: "not json", headers: { "content-type": "application/json" } }),
      params(),
    );
    expect(await readJson(res)).toEqual({
      status: 401,
      body: { error: "Authentication required", code: "unauthorized" },
    });
  });
});
