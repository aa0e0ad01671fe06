import { GET } from "@/app/api/health/route";
import { publishApiRouteCounts } from "@/lib/http/server/api-route-counts.mjs";
import { makeRequest, params, readJson } from "../helpers/request";

describe("GET /api/health", () => {
  it("answers 200 ok when the database answers; every API route goes through Next without our server", async () => {
    expect(await readJson(await GET(makeRequest("/api/health"), params()))).toEqual({
      status: 200,
      body: { status: "ok", routes: { direct: 0, viaNext: "all" } },
    });
  });

  it("reports how many API routes the production server answers itself", async () => {
    publishApiRouteCounts({ direct: 70, viaNext: 2 });
    expect(await readJson(await GET(makeRequest("/api/health"), params()))).toEqual({
      status: 200,
      body: { status: "ok", routes: { direct: 70, viaNext: 2 } },
    });
  });
});
