import { KB_CATEGORIES_MAX, KB_CATEGORY_NAME_REQUIRED, KB_SLUG_INVALID } from "@/lib/schemas/kb";
import { CATEGORIES_FULL } from "@/lib/services/kb/categories";
import { SLUG_RESERVED, SLUG_TAKEN } from "@/lib/services/kb/slugs";
import { createOrg, createUser, freshTwoTenants, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { kb } from "./kb-calls";

// Knowledge base categories: admins create, rename, move and delete them; the team lists them in
// the help center's order; customers nothing. Slugs are unique per organisation, the count is
// capped, and another organisation's category is a 404.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

async function freshAdmin() {
  const org = await createOrg("pro");
  return { org, admin: await createUser(org.id, "org_admin"), agent: await createUser(org.id, "agent") };
}

const names = async (admin: { id: string; sessionVersion: number }) =>
  (await kb.listCategories(admin)).body.categories.map((c: { name: string; position: number }) => [c.name, c.position]);

describe("POST /api/kb/categories", () => {
  it("creates a category last in the order, its slug from its name; 201 with id and slug", async () => {
    const { admin } = await freshAdmin();
    expect(await kb.createCategory(admin, { name: "Getting started" })).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: "Getting started",
        slug: "getting-started",
        description: "",
        position: 0,
        articleCount: 0,
      },
    });
    const second = await kb.createCategory(admin, { name: "  Billing & plans ", description: "Invoices" });
    expect(second.body).toMatchObject({
      name: "Billing & plans",
      slug: "billing-plans",
      description: "Invoices",
      position: 1,
    });
  });

  it("a name taken gets -2; an explicit slug that is taken is a 409 saying so", async () => {
    const { admin } = await freshAdmin();
    await kb.createCategory(admin, { name: "Billing" });
    expect((await kb.createCategory(admin, { name: "Billing" })).body.slug).toBe("billing-2");
    expect(await kb.createCategory(admin, { name: "Money", slug: "billing" })).toEqual({
      status: 409,
      body: { error: SLUG_TAKEN.category, code: "conflict" },
    });
  });

  it("never takes the help center's own addresses: a category named Search gets search-2, asking for articles is a 409", async () => {
    const { admin } = await freshAdmin();
    expect((await kb.createCategory(admin, { name: "Search" })).body.slug).toBe("search-2");
    expect(await kb.createCategory(admin, { name: "All articles", slug: "articles" })).toEqual({
      status: 409,
      body: { error: SLUG_RESERVED, code: "conflict" },
    });
    // An article may be called so: its address is /help/<org>/articles/search.
    expect((await kb.createArticle(admin, { title: "Search", body: "How search works" })).body.slug).toBe("search");
  });

  it("refuses a missing or too long name, a bad slug, a long description (400, nothing saved)", async () => {
    const { org, admin } = await freshAdmin();
    for (const [body, error] of [
      [{}, KB_CATEGORY_NAME_REQUIRED],
      [{ name: "  " }, KB_CATEGORY_NAME_REQUIRED],
      [{ name: "x".repeat(81) }, "Name must be at most 80 characters"],
      [{ name: "Two\nlines" }, "Must be a single line without control characters"],
      [{ name: "Ok", slug: "Not A Slug" }, KB_SLUG_INVALID],
      [{ name: "Ok", description: "d".repeat(501) }, "Description must be at most 500 characters"],
    ] as const) {
      const res = await kb.createCategory(admin, body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error });
    }
    expect(await db.kbCategory.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it(`stops at ${KB_CATEGORIES_MAX} categories (409), even when many are created at once`, async () => {
    const { org, admin } = await freshAdmin();
    await db.kbCategory.createMany({
      data: Array.from({ length: KB_CATEGORIES_MAX - 2 }, (_, i) => ({
        organizationId: org.id,
        name: `C${i}`,
        slug: `c${i}`,
        position: i,
      })),
    });
    const results = await Promise.all([1, 2, 3, 4].map((i) => kb.createCategory(admin, { name: `Late ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe(CATEGORIES_FULL);
    expect(await db.kbCategory.count({ where: { organizationId: org.id } })).toBe(KB_CATEGORIES_MAX);
    const positions = (await db.kbCategory.findMany({ where: { organizationId: org.id } })).map((c) => c.position);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: KB_CATEGORIES_MAX }, (_, i) => i));
  });

  it("agents and customers may not create one (403), nobody signed in 401", async () => {
    expect((await kb.createCategory(world.users.agent, { name: "X" })).status).toBe(403);
    expect((await kb.createCategory(world.users.end_user, { name: "X" })).status).toBe(403);
    expect((await kb.createCategory(null, { name: "X" })).status).toBe(401);
  });
});

describe("GET /api/kb/categories", () => {
  it("lists the organisation's own in order with their article counts, to agents too", async () => {
    const { org, admin, agent } = await freshAdmin();
    const a = (await kb.createCategory(admin, { name: "A" })).body;
    await kb.createCategory(admin, { name: "B" });
    await kb.createArticle(agent, { title: "In A", body: "x", categoryId: a.id });
    await kb.createCategory(world.users.otherAdmin, { name: "Foreign" });
    const res = await kb.listCategories(agent);
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { name: string; articleCount: number }) => [c.name, c.articleCount])).toEqual([
      ["A", 1],
      ["B", 0],
    ]);
    expect(await db.kbCategory.count({ where: { organizationId: org.id } })).toBe(2);
    expect((await kb.listCategories(world.users.end_user)).status).toBe(403);
  });
});

describe("PATCH /api/kb/categories/{id}", () => {
  it("moves a category: the ones in between shift by one, past the end is last", async () => {
    const { admin } = await freshAdmin();
    const ids: string[] = [];
    for (const name of ["A", "B", "C", "D"]) ids.push((await kb.createCategory(admin, { name })).body.id);
    expect((await kb.updateCategory(admin, ids[3]!, { position: 1 })).body.position).toBe(1);
    expect(await names(admin)).toEqual([
      ["A", 0],
      ["D", 1],
      ["B", 2],
      ["C", 3],
    ]);
    await kb.updateCategory(admin, ids[0]!, { position: 99 });
    expect(await names(admin)).toEqual([
      ["D", 0],
      ["B", 1],
      ["C", 2],
      ["A", 3],
    ]);
  });

  it("renames, describes and re-slugs; a slug another category has is a 409, its own is fine", async () => {
    const { admin } = await freshAdmin();
    const a = (await kb.createCategory(admin, { name: "A" })).body;
    await kb.createCategory(admin, { name: "B" });
    expect(
      (await kb.updateCategory(admin, a.id, { name: "Accounts", description: "Sign-in", slug: "accounts" })).body,
    ).toMatchObject({
      name: "Accounts",
      description: "Sign-in",
      slug: "accounts",
    });
    expect((await kb.updateCategory(admin, a.id, { slug: "accounts" })).status).toBe(200);
    expect(await kb.updateCategory(admin, a.id, { slug: "b" })).toEqual({
      status: 409,
      body: { error: SLUG_TAKEN.category, code: "conflict" },
    });
    expect((await kb.updateCategory(admin, a.id, { position: -1 })).status).toBe(400);
    expect((await kb.updateCategory(admin, a.id, { position: 1.5 })).body.error).toBe(
      "position must be a whole number",
    );
  });

  it("another organisation's category is a 404 and stays as it was; an agent gets 403", async () => {
    const foreign = (await kb.createCategory(world.users.otherAdmin, { name: "Theirs" })).body;
    expect(await kb.updateCategory(world.users.org_admin, foreign.id, { name: "Mine" })).toEqual({
      status: 404,
      body: { error: "Category not found", code: "not_found" },
    });
    expect((await db.kbCategory.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe("Theirs");
    const own = (await kb.createCategory(world.users.org_admin, { name: "Ours" })).body;
    expect((await kb.updateCategory(world.users.agent, own.id, { name: "X" })).status).toBe(403);
  });
});

describe("DELETE /api/kb/categories/{id}", () => {
  it("deletes it (204); its articles stay without a category; the ones after it move up", async () => {
    const { admin, agent } = await freshAdmin();
    const a = (await kb.createCategory(admin, { name: "A" })).body;
    await kb.createCategory(admin, { name: "B" });
    const article = (await kb.createArticle(agent, { title: "Kept", body: "x", categoryId: a.id })).body;
    expect(await kb.deleteCategory(admin, a.id)).toEqual({ status: 204, body: null });
    expect(await names(admin)).toEqual([["B", 0]]);
    expect((await kb.getArticle(agent, article.id)).body.categoryId).toBeNull();
    expect((await kb.deleteCategory(admin, a.id)).status).toBe(404);
  });

  it("another organisation's category is a 404; an agent gets 403", async () => {
    const foreign = (await kb.createCategory(world.users.otherAdmin, { name: "Keep me" })).body;
    expect((await kb.deleteCategory(world.users.org_admin, foreign.id)).status).toBe(404);
    expect((await kb.deleteCategory(world.users.agent, foreign.id)).status).toBe(403);
    expect(await db.kbCategory.count({ where: { id: foreign.id } })).toBe(1);
  });
});
