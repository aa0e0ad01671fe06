import { setPlanOf } from "./db";
import { signInAs } from "./helpers";
import { expect, test } from "./team";

// The public API's read calls on the production server: a token with the read scopes lists the
// team (following the Link header from page to page), its customers, tags, groups, macros and
// ratings; a token without a call's scope gets 403 insufficient_scope.

const READS = ["users:read", "customers:read", "tags:read", "groups:read", "macros:read", "ratings:read"];

test("a token with the read scopes reads the team page by page, customers, tags, groups, macros and ratings", async ({
  page,
  playwright,
  team,
}) => {
  await setPlanOf(team.admin.email, "enterprise");
  await signInAs(page, team.admin.email);
  const tokenOf = async (scopes: string[]) => {
    const res = await page.request.post("/api/api-tokens", {
      data: { name: `Reads ${scopes.length}`, scopes, expiresAt: null },
    });
    expect(res.status()).toBe(201);
    return `Bearer ${((await res.json()) as { token: string }).token}`;
  };
  const reader = await tokenOf(READS);
  const ticketsOnly = await tokenOf(["tickets:read"]);
  const program = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const get = async (path: string, authorization = reader) => {
    const res = await program.get(path, { headers: { authorization } });
    return { status: res.status(), link: res.headers()["link"] ?? null, body: await res.json() };
  };

  // The team, one member a page, to the last page: every member once, the admin among them.
  const seen: string[] = [];
  let next: string | null = "/api/v1/users?limit=1";
  while (next) {
    const { status, link, body } = await get(next);
    expect(status).toBe(200);
    seen.push(...(body.data as { email: string }[]).map((u) => u.email));
    next = link ? new URL(/^<(.+)>; rel="next"$/.exec(link)![1]!).href : null;
    expect(next === null).toBe(body.next_cursor === null);
  }
  expect(seen).toEqual(expect.arrayContaining([team.admin.email, team.agent.email, team.agent2.email]));
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).not.toContain(team.customer.email);

  const customer = await get(`/api/v1/customers?email=${encodeURIComponent(team.customer.email)}`);
  expect(customer).toMatchObject({ status: 200, body: { data: [{ email: team.customer.email }], next_cursor: null } });
  for (const path of ["/api/v1/tags", "/api/v1/groups", "/api/v1/macros", "/api/v1/ratings"]) {
    const { status, body } = await get(path);
    expect({ path, status, isList: Array.isArray(body.data), next_cursor: body.next_cursor }).toEqual({
      path,
      status: 200,
      isList: true,
      next_cursor: null,
    });
  }
  expect((await get("/api/v1/macros")).body.data.length).toBeGreaterThan(0);
  expect((await get("/api/v1/groups")).body.data.length).toBeGreaterThan(0);

  expect(await get("/api/v1/users", ticketsOnly)).toMatchObject({ status: 403, body: { code: "insufficient_scope" } });
  await program.dispose();
});
