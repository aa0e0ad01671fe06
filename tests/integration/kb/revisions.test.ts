import { createOrg, createUser, freshTwoTenants, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { kb } from "./kb-calls";

// Every saved version of an article is kept: the team lists them newest first and restores one,
// which saves it again as a new version by whoever restored it, leaving the article's status be.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

async function team() {
  const org = await createOrg("pro");
  return {
    admin: await createUser(org.id, "org_admin", { fullName: "Ada Admin" }),
    agent: await createUser(org.id, "agent", { fullName: "Sam Agent" }),
    agent2: await createUser(org.id, "agent", { fullName: "Kim Agent" }),
  };
}

describe("GET /api/kb/articles/{id}/revisions", () => {
  it("lists every saved version newest first, with who saved it", async () => {
    const { agent, agent2 } = await team();
    const { id } = (await kb.createArticle(agent, { title: "V1", body: "one", summary: "s1" })).body;
    await kb.updateArticle(agent2, id, { title: "V2", body: "two" });
    await kb.updateArticle(agent, id, { status: "published" });
    const res = await kb.revisions(agent, id);
    expect(res.status).toBe(200);
    expect(
      res.body.revisions.map((r: { title: string; body: string; summary: string; status: string; editor: unknown }) => [
        r.title,
        r.body,
        r.summary,
        r.status,
        r.editor,
      ]),
    ).toEqual([
      ["V2", "two", "s1", "published", { id: agent.id, name: "Sam Agent" }],
      ["V2", "two", "s1", "draft", { id: agent2.id, name: "Kim Agent" }],
      ["V1", "one", "s1", "draft", { id: agent.id, name: "Sam Agent" }],
    ]);
    expect(res.body.revisions[0]).toEqual({
      id: expect.any(String),
      title: "V2",
      summary: "s1",
      body: "two",
      status: "published",
      categoryId: null,
      editor: { id: agent.id, name: "Sam Agent" },
      createdAt: expect.any(String),
    });
  });

  it("a removed editor leaves the revision without a name; another organisation's article is a 404", async () => {
    const { agent } = await team();
    const org = await db.user.findUniqueOrThrow({ where: { id: agent.id }, select: { organizationId: true } });
    const leaver = await createUser(org.organizationId, "agent");
    const { id } = (await kb.createArticle(leaver, { title: "By a leaver", body: "x" })).body;
    await db.user.delete({ where: { id: leaver.id } });
    expect((await kb.revisions(agent, id)).body.revisions[0].editor).toBeNull();
    const foreign = (await kb.createArticle(world.users.otherAdmin, { title: "Theirs", body: "x" })).body;
    expect(await kb.revisions(world.users.agent, foreign.id)).toEqual({
      status: 404,
      body: { error: "Article not found", code: "not_found" },
    });
    expect((await kb.revisions(world.users.end_user, foreign.id)).status).toBe(403);
  });
});

describe("POST /api/kb/articles/{id}/revisions/{revisionId}/restore", () => {
  it("saves the old title, summary, body and category again as a new revision; the status stays", async () => {
    const { admin, agent, agent2 } = await team();
    const category = (await kb.createCategory(admin, { name: "Account" })).body;
    const created = (
      await kb.createArticle(agent, { title: "Good", body: "## Good words", summary: "good", categoryId: category.id })
    ).body;
    await kb.updateArticle(agent, created.id, {
      title: "Bad",
      body: "bad words",
      summary: "bad",
      categoryId: null,
      status: "published",
    });
    const oldest = (await kb.revisions(agent, created.id)).body.revisions.at(-1);
    const res = await kb.restore(agent2, created.id, oldest.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Good",
      summary: "good",
      body: "## Good words",
      bodyHtml: "<h3>Good words</h3>",
      categoryId: category.id,
      status: "published",
      editor: { id: agent2.id, name: "Kim Agent" },
    });
    const revisions = (await kb.revisions(agent, created.id)).body.revisions;
    expect(revisions).toHaveLength(3);
    expect(revisions[0]).toMatchObject({ title: "Good", status: "published", editor: { id: agent2.id } });
  });

  it("restoring the version the article already is saves nothing new", async () => {
    const { agent } = await team();
    const { id } = (await kb.createArticle(agent, { title: "Same", body: "x" })).body;
    const [only] = (await kb.revisions(agent, id)).body.revisions;
    expect((await kb.restore(agent, id, only.id)).status).toBe(200);
    expect(await db.kbArticleRevision.count({ where: { articleId: id } })).toBe(1);
  });

  it("a category deleted since leaves the article in its current one", async () => {
    const { admin, agent } = await team();
    const gone = (await kb.createCategory(admin, { name: "Gone" })).body;
    const current = (await kb.createCategory(admin, { name: "Current" })).body;
    const { id } = (await kb.createArticle(agent, { title: "Moved", body: "x", categoryId: gone.id })).body;
    await kb.updateArticle(agent, id, { categoryId: current.id, body: "y" });
    await kb.deleteCategory(admin, gone.id);
    const oldest = (await kb.revisions(agent, id)).body.revisions.at(-1);
    expect((await kb.restore(agent, id, oldest.id)).body).toMatchObject({ body: "x", categoryId: current.id });
  });

  it("a revision of another article, another organisation's article, or none: 404; customers 403", async () => {
    const { agent } = await team();
    const a = (await kb.createArticle(agent, { title: "A", body: "x" })).body;
    const b = (await kb.createArticle(agent, { title: "B", body: "y" })).body;
    const [ofB] = (await kb.revisions(agent, b.id)).body.revisions;
    expect(await kb.restore(agent, a.id, ofB.id)).toEqual({
      status: 404,
      body: { error: "Revision not found", code: "not_found" },
    });
    expect((await kb.restore(agent, a.id, "no-such-revision")).status).toBe(404);
    const foreign = (await kb.createArticle(world.users.otherAdmin, { title: "Foreign", body: "z" })).body;
    const [ofForeign] = (await kb.revisions(world.users.otherAdmin, foreign.id)).body.revisions;
    expect((await kb.restore(world.users.agent, foreign.id, ofForeign.id)).status).toBe(404);
    expect((await kb.restore(world.users.end_user, foreign.id, ofForeign.id)).status).toBe(403);
    expect(await db.kbArticleRevision.count({ where: { articleId: foreign.id } })).toBe(1);
  });
});
