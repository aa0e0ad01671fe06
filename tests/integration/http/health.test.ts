import { GET } from "@/app/api/health/route";
import { makeRequest, params, readJson } from "../helpers/request";

describe("GET /api/health", () => {
  it("answers 200 ok when the database answers", async () => {
    expect(await readJson(await GET(makeRequest("/api/health"), params()))).toEqual({
      status: 200,
      body: { status: "ok" },
    });
  });
});
