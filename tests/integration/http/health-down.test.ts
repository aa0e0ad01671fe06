import { makeRequest, params, readJson } from "../helpers/request";

describe("GET /api/health with the database down", () => {
  it("answers 503 quickly when nothing listens at the database address", async () => {
    // A fresh module registry with a database address where nothing listens: a real outage.
    process.env.DATABASE_URL = "postgresql://postgres:postgres@127.0.0.1:1/none";
    const { GET } = await import("@/app/api/health/route");
    const res = await GET(makeRequest("/api/health"), params());
    expect(await readJson(res)).toEqual({
      status: 503,
      body: {
        status: "unavailable",
        error: "Database unavailable",
        code: "service_unavailable",
        routes: { direct: 0, viaNext: "all" },
      },
    });
  });
});
