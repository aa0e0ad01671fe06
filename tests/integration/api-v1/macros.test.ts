import { GET as listRoute } from "@/app/api/v1/macros/route";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { callApi, REFUSED, refusals } from "./calls";

// The public API's macros: the organisation's, by name, with the reply each writes and what it
// sets on the ticket, in one page.

let org: { id: string };
let headers: Record<string, string>;
let assignee: { id: string; fullName: string };

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  assignee = await createUser(org.id, "agent", { fullName: "Alex Agent" });
  await db.macro.create({
    data: {
      organizationId: org.id,
      name: "Refund issued",
      nameKey: "refund issued",
      body: "Hi {{customer.firstName}}, your refund is on its way.",
      status: "resolved",
      priority: "low",
      assigneeId: assignee.id,
      tags: ["refund"],
      createdAt: new Date(Date.UTC(2026, 10, 1)),
    },
  });
  await db.macro.create({
    data: { organizationId: org.id, name: "Escalate", nameKey: "escalate", body: "Passing this on.", unassign: true },
  });
  await db.macro.create({
    data: { organizationId: other.id, name: "Other organisation", nameKey: "other organisation", body: "x" },
  });
  headers = (await apiTokenOf(org.id, ["macros:read"])).headers;
});

describe("GET /api/v1/macros", () => {
  it("lists the organisation's macros by name with the reply and the changes each makes, in one page", async () => {
    const { status, body, link } = await callApi<{ data: Record<string, unknown>[]; next_cursor: null }>(
      listRoute,
      "/api/v1/macros",
      headers,
    );
    expect({ status, link, next_cursor: body.next_cursor }).toEqual({ status: 200, link: null, next_cursor: null });
    expect(body.data.map((m) => m.name)).toEqual(["Escalate", "Refund issued"]);
    expect(body.data[0]).toMatchObject({ assignee: "unassign", assigneeName: null, status: null, tags: [] });
    expect(body.data[1]).toEqual({
      id: expect.any(String),
      name: "Refund issued",
      body: "Hi {{customer.firstName}}, your refund is on its way.",
      status: "resolved",
      priority: "low",
      assignee: assignee.id,
      assigneeName: "Alex Agent",
      tags: ["refund"],
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: expect.any(String),
    });
  });

  it("refuses a token without macros:read (403 insufficient_scope), a revoked or expired one and none (401)", async () => {
    expect(await refusals(listRoute, "/api/v1/macros", org.id, "macros:read")).toEqual(REFUSED);
  });
});
