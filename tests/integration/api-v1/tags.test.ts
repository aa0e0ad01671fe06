import { GET as listRoute } from "@/app/api/v1/tags/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { callApi, REFUSED, refusals } from "./calls";

// The public API's tags: all of the organisation's, alphabetically in any case, in one page.

let org: { id: string };
let headers: Record<string, string>;

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  for (const name of ["refund", "Billing", "VIP"]) await db.tag.create({ data: { organizationId: org.id, name } });
  await db.tag.create({ data: { organizationId: other.id, name: "other-organisation" } });
  headers = (await apiTokenOf(org.id, ["tags:read"])).headers;
});

describe("GET /api/v1/tags", () => {
  it("lists every tag of the organisation alphabetically, any case, in one page", async () => {
    const { status, body, link } = await callApi<{ data: { id: string; name: string }[]; next_cursor: null }>(
      listRoute,
      "/api/v1/tags",
      headers,
    );
    expect({ status, link, next_cursor: body.next_cursor }).toEqual({ status: 200, link: null, next_cursor: null });
    expect(body.data).toEqual(["Billing", "refund", "VIP"].map((name) => ({ id: expect.any(String), name })));
  });

  it("refuses a token without tags:read (403 insufficient_scope), a revoked or expired one and none (401)", async () => {
    expect(await refusals(listRoute, "/api/v1/tags", org.id, "tags:read")).toEqual(REFUSED);
  });
});
