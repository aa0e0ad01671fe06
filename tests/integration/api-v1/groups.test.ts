import { GET as listRoute } from "@/app/api/v1/groups/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { callApi, REFUSED, refusals } from "./calls";

// The public API's groups: the organisation's, by name, with their members and assignment, in one page.

let org: { id: string };
let headers: Record<string, string>;
let memberId: string;

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  memberId = (await createUser(org.id, "agent")).id;
  await db.group.create({
    data: {
      organizationId: org.id,
      name: "Tier 2",
      nameKey: "tier 2",
      assignment: "balanced",
      maxOpenPerAgent: 5,
      members: { create: { userId: memberId } },
    },
  });
  await db.group.create({ data: { organizationId: org.id, name: "Billing", nameKey: "billing" } });
  await db.group.create({
    data: { organizationId: other.id, name: "Other organisation", nameKey: "other organisation" },
  });
  headers = (await apiTokenOf(org.id, ["groups:read"])).headers;
});

describe("GET /api/v1/groups", () => {
  it("lists the organisation's groups by name with members, assignment and cap, in one page", async () => {
    const { status, body, link } = await callApi<{ data: unknown[]; next_cursor: null }>(
      listRoute,
      "/api/v1/groups",
      headers,
    );
    expect({ status, link }).toEqual({ status: 200, link: null });
    expect(body).toEqual({
      data: [
        { id: expect.any(String), name: "Billing", memberIds: [], assignment: "manual", maxOpenPerAgent: null },
        { id: expect.any(String), name: "Tier 2", memberIds: [memberId], assignment: "balanced", maxOpenPerAgent: 5 },
      ],
      next_cursor: null,
    });
  });

  it("refuses a token without groups:read (403 insufficient_scope), a revoked or expired one and none (401)", async () => {
    expect(await refusals(listRoute, "/api/v1/groups", org.id, "groups:read")).toEqual(REFUSED);
  });
});
