import { createOrg, createUser, freshTwoTenants, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { kb } from "./kb-calls";

// The help center's settings (admins switch it and the receipts' suggestions; the team reads
// them with its address) and the knowledge base's last 30 days: searches without a result, the
// most viewed articles, helpful votes and deflections, only ever the caller's organisation's.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("/api/kb/settings", () => {
  it("the team reads the switches and the help center's address; admins change them, recorded", async () => {
    const org = await createOrg("pro");
    const admin = await createUser(org.id, "org_admin", { fullName: "Ada Admin" });
    const agent = await createUser(org.id, "agent");
    expect(await kb.settings(agent)).toEqual({
      status: 200,
      body: {
        helpCenterEnabled: true,
        receiptSuggestsArticles: false,
        helpCenterUrl: `${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}/help/${org.slug}`,
      },
    });
    expect((await kb.updateSettings(admin, { helpCenterEnabled: false })).body).toMatchObject({
      helpCenterEnabled: false,
      receiptSuggestsArticles: false,
    });
    expect((await kb.updateSettings(admin, { receiptSuggestsArticles: true })).body).toMatchObject({
      helpCenterEnabled: false,
      receiptSuggestsArticles: true,
    });
    expect((await kb.updateSettings(admin, {})).status).toBe(200);
    const events = await db.auditEvent.findMany({
      where: { organizationId: org.id, action: "kb.settings_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => [e.actorId, e.metadata])).toEqual([
      [admin.id, { helpCenterEnabled: false }],
      [admin.id, { receiptSuggestsArticles: true }],
    ]);
  });

  it("refuses what is not true or false (400); agents may not change them (403), customers not read them", async () => {
    expect((await kb.updateSettings(world.users.org_admin, { helpCenterEnabled: "no" })).body.error).toBe(
      "helpCenterEnabled must be true or false",
    );
    expect((await kb.updateSettings(world.users.agent, { helpCenterEnabled: false })).status).toBe(403);
    expect((await kb.settings(world.users.end_user)).status).toBe(403);
    expect((await kb.settings(null)).status).toBe(401);
    const other = await db.organization.findUniqueOrThrow({ where: { id: world.other.id } });
    await kb.updateSettings(world.users.org_admin, { helpCenterEnabled: false });
    expect((await db.organization.findUniqueOrThrow({ where: { id: world.other.id } })).helpCenterEnabled).toBe(
      other.helpCenterEnabled,
    );
    await kb.updateSettings(world.users.org_admin, { helpCenterEnabled: true });
  });
});

describe("GET /api/kb/insights", () => {
  it("sums the last 30 days of the caller's organisation only", async () => {
    const org = await createOrg("pro");
    const agent = await createUser(org.id, "agent");
    const today = new Date(new Date().toISOString().slice(0, 10));
    const day = (n: number) => new Date(today.getTime() - n * 86_400_000);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const article = async (title: string) =>
      (await kb.createArticle(agent, { title, body: "x", status: "published" })).body;
    const reset = await article("Reset your password");
    const refunds = await article("Refunds");
    await article("Never read");
    const foreign = (await kb.createArticle(world.users.otherAdmin, { title: "Foreign", body: "x" })).body;
    await db.kbArticleDailyStat.createMany({
      data: [
        { articleId: reset.id, organizationId: org.id, day: day(0), views: 10, helpfulYes: 4, helpfulNo: 1 },
        { articleId: reset.id, organizationId: org.id, day: day(29), views: 5, helpfulYes: 1, helpfulNo: 0 },
        { articleId: reset.id, organizationId: org.id, day: day(30), views: 900, helpfulYes: 90, helpfulNo: 90 },
        { articleId: refunds.id, organizationId: org.id, day: day(3), views: 7, helpfulYes: 0, helpfulNo: 2 },
        { articleId: foreign.id, organizationId: world.other.id, day: day(0), views: 99, helpfulYes: 9, helpfulNo: 9 },
      ],
    });
    await db.kbSearchTerm.createMany({
      data: [
        { organizationId: org.id, day: day(0), term: "cancel subscription", searches: 4, results: 0 },
        { organizationId: org.id, day: day(2), term: "cancel subscription", searches: 3, results: 0 },
        { organizationId: org.id, day: day(1), term: "invoice pdf", searches: 5, results: 0 },
        { organizationId: org.id, day: day(1), term: "password", searches: 50, results: 3 },
        { organizationId: org.id, day: day(31), term: "old question", searches: 80, results: 0 },
        { organizationId: world.other.id, day: day(0), term: "foreign term", searches: 99, results: 0 },
      ],
    });
    await db.kbSuggestionOpen.createMany({
      data: [
        { organizationId: org.id, articleId: reset.id, ticketId: null, createdAt: ago(1) },
        { organizationId: org.id, articleId: reset.id, ticketId: null, createdAt: ago(10) },
        { organizationId: org.id, articleId: refunds.id, ticketId: "t-1", createdAt: ago(2) },
        { organizationId: org.id, articleId: refunds.id, ticketId: null, createdAt: ago(40) },
        { organizationId: world.other.id, articleId: foreign.id, ticketId: null, createdAt: ago(1) },
      ],
    });
    expect(await kb.insights(agent)).toEqual({
      status: 200,
      body: {
        noResultSearches: [
          { term: "cancel subscription", searches: 7 },
          { term: "invoice pdf", searches: 5 },
        ],
        mostViewed: [
          {
            id: reset.id,
            title: "Reset your password",
            slug: "reset-your-password",
            views: 15,
            helpfulYes: 5,
            helpfulNo: 1,
          },
          { id: refunds.id, title: "Refunds", slug: "refunds", views: 7, helpfulYes: 0, helpfulNo: 2 },
        ],
        helpful: { yes: 5, no: 3 },
        deflections: 2,
        suggestionOpens: 3,
      },
    });
    expect((await kb.insights(world.users.end_user)).status).toBe(403);
  });

  it("an organisation with nothing yet has empty figures", async () => {
    const org = await createOrg("pro");
    expect((await kb.insights(await createUser(org.id, "agent"))).body).toEqual({
      noResultSearches: [],
      mostViewed: [],
      helpful: { yes: 0, no: 0 },
      deflections: 0,
      suggestionOpens: 0,
    });
  });
});
