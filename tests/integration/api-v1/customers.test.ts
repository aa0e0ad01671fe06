import { GET as listRoute } from "@/app/api/v1/customers/route";
import { PLACEHOLDER_CUSTOMER_EMAIL } from "@/lib/tickets/fields";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { allPages, callApi, REFUSED, refusals } from "./calls";

// The public API's customers: the addresses an organisation has had tickets from, in address
// order, named as on their latest ticket, with their counts; never another organisation's.

type ApiCustomer = { email: string; name: string; totalTickets: number; openTickets: number };
type Page = { data: ApiCustomer[]; next_cursor: string | null };

let org: { id: string };
let headers: Record<string, string>;
let number = 0;

async function ticket(
  organizationId: string,
  customerEmail: string,
  customerName: string,
  at: number,
  status = "open",
) {
  await db.ticket.create({
    data: {
      organizationId,
      ticketNumber: ++number,
      subject: "s",
      description: "d",
      customerName,
      customerEmail,
      status: status as "open" | "resolved",
      createdAt: new Date(Date.UTC(2026, 10, at)),
      updatedAt: new Date(Date.UTC(2026, 10, at)),
    },
  });
}

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg("enterprise");
  const other = await createOrg("enterprise");
  await ticket(org.id, "bea@x.test", "Bea", 1, "resolved");
  await ticket(org.id, "bea@x.test", "Beatrice", 3);
  await ticket(org.id, "ann@x.test", "Ann", 2);
  await ticket(org.id, "cal@x.test", "Cal", 4, "resolved");
  await ticket(org.id, "dee@x.test", "Dee", 5);
  await ticket(org.id, PLACEHOLDER_CUSTOMER_EMAIL, "Customer", 6);
  await ticket(other.id, "bob@x.test", "Bob", 1);
  headers = (await apiTokenOf(org.id, ["customers:read"])).headers;
});

describe("GET /api/v1/customers", () => {
  it("lists the customers by address, each named as on their latest ticket with their counts and times", async () => {
    const { status, body } = await callApi<Page>(listRoute, "/api/v1/customers", headers);
    expect(status).toBe(200);
    expect(body.next_cursor).toBeNull();
    expect(body.data.map((c) => c.email)).toEqual(["ann@x.test", "bea@x.test", "cal@x.test", "dee@x.test"]);
    expect(body.data[1]).toEqual({
      email: "bea@x.test",
      name: "Beatrice",
      totalTickets: 2,
      openTickets: 1,
      firstContactAt: "2026-11-01T00:00:00.000Z",
      lastActivityAt: "2026-11-03T00:00:00.000Z",
    });
  });

  it("pages through every customer once, following the Link header", async () => {
    const pages = await allPages<ApiCustomer>(listRoute, "/api/v1/customers", headers, 3);
    expect(pages.map((p) => p.map((c) => c.email))).toEqual([
      ["ann@x.test", "bea@x.test", "cal@x.test"],
      ["dee@x.test"],
    ]);
  });

  it("answers the one customer with an address (any case), and none for an address without tickets or another organisation's", async () => {
    const one = await callApi<Page>(listRoute, "/api/v1/customers?email=Cal@X.test", headers);
    expect(one.body).toEqual({
      data: [expect.objectContaining({ email: "cal@x.test", openTickets: 0 })],
      next_cursor: null,
    });
    for (const email of ["nobody@x.test", "bob@x.test", PLACEHOLDER_CUSTOMER_EMAIL])
      expect((await callApi<Page>(listRoute, `/api/v1/customers?email=${email}`, headers)).body).toEqual({
        data: [],
        next_cursor: null,
      });
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=two", "limit must be a number"],
    [`cursor=${"x".repeat(401)}`, "Invalid cursor"],
    ["cursor=bm9ib2R5", "Invalid cursor"],
    ["email=not-an-address", "Please enter a valid email address"],
    [`email=${"a".repeat(250)}@x.test`, "Email address is too long"],
  ])("refuses %s: 400 %s", async (query, error) => {
    const { status, body } = await callApi(listRoute, `/api/v1/customers?${query}`, headers);
    expect({ status, error: body.error }).toEqual({ status: 400, error });
  });

  it("refuses a token without customers:read (403 insufficient_scope), a revoked or expired one and none (401)", async () => {
    expect(await refusals(listRoute, "/api/v1/customers", org.id, "customers:read")).toEqual(REFUSED);
  });
});
