import { GET as suggest } from "@/app/api/help/[org]/suggest/route";
import { POST as vote } from "@/app/api/help/[org]/articles/[slug]/vote/route";
import { GET as sitemap } from "@/app/help/[org]/sitemap.xml/route";
import robots from "@/app/robots";
import { kbDay } from "@/lib/services/kb/day";
import { findHelpCenter } from "@/lib/services/kb/help-center";
import { searchAllowed } from "@/lib/services/kb/public-throttle";
import { voteOnArticle } from "@/lib/services/kb/votes";
import { isReaderView, recordArticleView } from "@/lib/services/kb/views";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { createArticle, createCategory } from "./fixtures";

// The help center's public routes: suggestions for the portal, "Was this helpful?" votes (JSON
// and the page's plain form), the sitemap and robots.txt; and the article views.

type Org = Awaited<ReturnType<typeof createOrg>>;
let org: Org;
let foreign: Org;
let published: { id: string; slug: string };
let address = 0;
const nextAddress = () => `10.61.${Math.floor(++address / 250)}.${address % 250}`;

const ask = (orgSlug: string, q: string, ip = nextAddress()) =>
  suggest(
    makeRequest(`/api/help/${orgSlug}/suggest?q=${encodeURIComponent(q)}`, { headers: { "x-forwarded-for": ip } }),
    params({ org: orgSlug }),
  );

function voteRequest(
  orgSlug: string,
  slug: string,
  { body, rawBody, headers = {} }: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
) {
  return vote(
    makeRequest(`/api/help/${orgSlug}/articles/${slug}/vote`, {
      method: "POST",
      body,
      rawBody,
      headers: { "x-forwarded-for": "10.62.0.1", "user-agent": "Reader/1.0", ...headers },
    }),
    params({ org: orgSlug, slug }),
  );
}
const form = (value: string) => ({ rawBody: value, headers: { "content-type": "application/x-www-form-urlencoded" } });
const todayStat = (articleId: string) =>
  db.kbArticleDailyStat.findUnique({ where: { articleId_day: { articleId, day: new Date(`${kbDay()}T00:00:00Z`) } } });

beforeAll(async () => {
  await resetDatabase();
  org = await createOrg();
  foreign = await createOrg();
  const category = await createCategory(org.id, "Account");
  published = await createArticle(org.id, {
    slug: "reset-password",
    title: "Reset your password",
    summary: "Set a new one.",
    categoryId: category.id,
  });
  await createCategory(org.id, "Empty");
  for (const n of [1, 2, 3, 4]) await createArticle(org.id, { slug: `password-tip-${n}`, title: `Password tip ${n}` });
  await createArticle(org.id, { slug: "password-draft", title: "Password draft", status: "draft" });
  await createArticle(org.id, { slug: "password-internal", title: "Password internal", status: "internal" });
  await createArticle(foreign.id, { slug: "foreign-password", title: "Foreign password" });
});

describe("GET /api/help/[org]/suggest", () => {
  it("answers at most three published articles as { title, slug, summary }", async () => {
    const { status, body } = await readJson(await ask(org.slug, "reset passw"));
    expect(status).toBe(200);
    expect((body as unknown as unknown[])[0]).toEqual({
      title: "Reset your password",
      slug: "reset-password",
      summary: "Set a new one.",
    });
    const many = (await (await ask(org.slug, "password")).json()) as { slug: string }[];
    expect(many).toHaveLength(3);
    expect(many.map((s) => s.slug)).not.toEqual(expect.arrayContaining(["password-draft"]));
    for (const s of many) expect(["password-draft", "password-internal", "foreign-password"]).not.toContain(s.slug);
  });

  it("answers an empty list for nothing typed, and 400 for a search too long", async () => {
    expect(await readJson(await ask(org.slug, ""))).toEqual({ status: 200, body: [] });
    const long = await readJson(await ask(org.slug, "a".repeat(201)));
    expect(long).toEqual({ status: 400, body: expect.objectContaining({ error: expect.any(String) }) });
  });

  it("answers 404 for an unknown organisation and a help center turned off", async () => {
    expect((await ask("no-such-org", "password")).status).toBe(404);
    expect((await ask("Bad Slug!", "password")).status).toBe(404);
    await db.organization.update({ where: { id: foreign.id }, data: { helpCenterEnabled: false } });
    try {
      const res = await readJson(await ask(foreign.slug, "password"));
      expect(res).toEqual({ status: 404, body: expect.objectContaining({ error: expect.any(String) }) });
    } finally {
      await db.organization.update({ where: { id: foreign.id }, data: { helpCenterEnabled: true } });
    }
  });

  it("throttles one address (429 with Retry-After) and not the next", async () => {
    const ip = "10.63.0.1";
    for (let i = 0; i < 120; i++) expect((await ask(org.slug, "p", ip)).status).toBe(200);
    const refused = await ask(org.slug, "p", ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await ask(org.slug, "p", "10.63.0.2")).status).toBe(200);
  });
});

describe("POST /api/help/[org]/articles/[slug]/vote", () => {
  it("counts a visitor's vote once a day, and moves it when they change their mind", async () => {
    const article = await createArticle(org.id, { slug: "vote-once", title: "Vote once" });
    expect((await voteRequest(org.slug, article.slug, { body: { helpful: true } })).status).toBe(204);
    expect((await voteRequest(org.slug, article.slug, { body: { helpful: true } })).status).toBe(204);
    expect(await todayStat(article.id)).toMatchObject({ helpfulYes: 1, helpfulNo: 0 });
    expect((await voteRequest(org.slug, article.slug, { body: { helpful: false } })).status).toBe(204);
    expect(await todayStat(article.id)).toMatchObject({ helpfulYes: 0, helpfulNo: 1 });
    // Another browser at the same address, and another address, are other visitors.
    await voteRequest(org.slug, article.slug, { body: { helpful: true }, headers: { "user-agent": "Other/2.0" } });
    await voteRequest(org.slug, article.slug, { body: { helpful: true }, headers: { "x-forwarded-for": "10.62.0.2" } });
    expect(await todayStat(article.id)).toMatchObject({ helpfulYes: 2, helpfulNo: 1 });
    const votes = await db.kbArticleVote.findMany({ where: { articleId: article.id } });
    expect(votes).toHaveLength(3);
    // No address or browser is stored, only a keyed hash of them.
    for (const v of votes) expect(v.visitor).not.toMatch(/10\.62|Reader|Other/);
  });

  it("counts the same visitor again on another day", async () => {
    const article = await createArticle(org.id, { slug: "vote-days", title: "Vote days" });
    const center = (await findHelpCenter(org.slug))!;
    const visitor = { address: "10.62.9.9", userAgent: "Reader/1.0" };
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 86_400_000);
    expect(await voteOnArticle(center, article.slug, true, visitor, today)).toBe("counted");
    expect(await voteOnArticle(center, article.slug, true, visitor, today)).toBe("unchanged");
    expect(await voteOnArticle(center, article.slug, true, visitor, tomorrow)).toBe("counted");
    const stats = await db.kbArticleDailyStat.findMany({ where: { articleId: article.id }, orderBy: { day: "asc" } });
    expect(stats.map((s) => s.helpfulYes)).toEqual([1, 1]);
  });

  it("counts concurrent identical votes of one visitor once", async () => {
    const article = await createArticle(org.id, { slug: "vote-race", title: "Vote race" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        voteRequest(org.slug, article.slug, { body: { helpful: false }, headers: { "x-forwarded-for": "10.62.7.7" } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(204));
    expect(await todayStat(article.id)).toMatchObject({ helpfulYes: 0, helpfulNo: 1 });
  });

  it("takes the article page's plain form and answers 303 back to the article", async () => {
    const article = await createArticle(org.id, { slug: "vote-form", title: "Vote form" });
    const res = await voteRequest(org.slug, article.slug, form("helpful=no"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/help/${org.slug}/articles/vote-form?voted=no`);
    expect(await todayStat(article.id)).toMatchObject({ helpfulYes: 0, helpfulNo: 1 });
    const yes = await voteRequest(org.slug, article.slug, {
      ...form("helpful=yes"),
      headers: { ...form("").headers, "x-forwarded-for": "10.62.0.3" },
    });
    expect(yes.headers.get("location")).toBe(`/help/${org.slug}/articles/vote-form?voted=yes`);
  });

  it("refuses what is not a vote with a clear 4xx", async () => {
    const cases: [Parameters<typeof voteRequest>[2], number][] = [
      [{ body: { helpful: "yes" } }, 400],
      [{ body: {} }, 400],
      [{ rawBody: "{", headers: { "content-type": "application/json" } }, 400],
      [form("helpful=maybe"), 400],
      [form("other=1"), 415],
      [{ rawBody: "helpful=yes", headers: { "content-type": "text/plain" } }, 415],
      [form(`helpful=${"y".repeat(2000)}`), 413],
    ];
    for (const [request, status] of cases) {
      const res = await voteRequest(org.slug, published.slug, request);
      expect({ request, status: res.status }).toEqual({ request, status });
      expect(await res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
  });

  it("answers 404 for a draft, an internal article, another organisation's article and a help center turned off", async () => {
    for (const slug of ["password-draft", "password-internal", "foreign-password", "no-such-article", "Bad Slug"])
      expect({ slug, status: (await voteRequest(org.slug, slug, { body: { helpful: true } })).status }).toEqual({
        slug,
        status: 404,
      });
    await db.organization.update({ where: { id: org.id }, data: { helpCenterEnabled: false } });
    try {
      expect((await voteRequest(org.slug, published.slug, { body: { helpful: true } })).status).toBe(404);
    } finally {
      await db.organization.update({ where: { id: org.id }, data: { helpCenterEnabled: true } });
    }
    expect(
      await db.kbArticleVote.count({
        where: { article: { slug: { in: ["password-draft", "password-internal", "foreign-password"] } } },
      }),
    ).toBe(0);
  });

  it("refuses a cross-site form post", async () => {
    const res = await voteRequest(org.slug, published.slug, {
      ...form("helpful=yes"),
      headers: { ...form("").headers, origin: "https://evil.test", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });

  it("throttles one address's votes (429)", async () => {
    const headers = { "x-forwarded-for": "10.64.0.1" };
    for (let i = 0; i < 30; i++)
      expect((await voteRequest(org.slug, published.slug, { body: { helpful: true }, headers })).status).toBe(204);
    expect((await voteRequest(org.slug, published.slug, { body: { helpful: true }, headers })).status).toBe(429);
  });
});

describe("article views", () => {
  it("adds one view a reading to today's figures", async () => {
    const article = await createArticle(org.id, { slug: "viewed", title: "Viewed" });
    await recordArticleView(org.id, article.id);
    await recordArticleView(org.id, article.id);
    expect(await todayStat(article.id)).toMatchObject({ views: 2, helpfulYes: 0, helpfulNo: 0 });
  });

  it("counts no prefetch and no HEAD request as a view", () => {
    const h = (entries: Record<string, string>) => new Headers(entries);
    expect(isReaderView(h({}))).toBe(true);
    expect(isReaderView(h({ "x-request-method": "GET", rsc: "1" }))).toBe(true);
    expect(isReaderView(h({ "next-router-prefetch": "1" }))).toBe(false);
    expect(isReaderView(h({ "sec-purpose": "prefetch;prerender" }))).toBe(false);
    expect(isReaderView(h({ purpose: "prefetch" }))).toBe(false);
    expect(isReaderView(h({ "x-request-method": "HEAD" }))).toBe(false);
  });
});

describe("GET /help/[org]/sitemap.xml and robots.txt", () => {
  const read = (orgSlug: string) => sitemap(makeRequest(`/help/${orgSlug}/sitemap.xml`), params({ org: orgSlug }));

  it("lists the published articles and the categories holding one, with absolute addresses", async () => {
    const res = await read(org.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    const base = `${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}/help/${org.slug}`;
    expect(xml).toContain(`<loc>${base}</loc>`);
    expect(xml).toContain(`<loc>${base}/articles/reset-password</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${base}/account-[a-z0-9]+</loc>`));
    expect(xml).not.toMatch(/empty-|password-draft|password-internal|foreign-password/);
  });

  it("is a 404 for an unknown organisation and while the help center is off", async () => {
    expect((await read("no-such-org")).status).toBe(404);
    await db.organization.update({ where: { id: foreign.id }, data: { helpCenterEnabled: false } });
    try {
      expect((await read(foreign.slug)).status).toBe(404);
      const txt = await robots();
      const sitemaps = [txt.sitemap].flat();
      expect(sitemaps).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`/help/${org.slug}/sitemap\\.xml$`))]),
      );
      expect(sitemaps.join(" ")).not.toContain(`/help/${foreign.slug}/`);
    } finally {
      await db.organization.update({ where: { id: foreign.id }, data: { helpCenterEnabled: true } });
    }
    expect([(await robots()).sitemap].flat().join(" ")).toContain(`/help/${foreign.slug}/sitemap.xml`);
  });
});

describe("searches per address", () => {
  it("lets an address search 60 times a minute, then asks it to wait; another address searches on", async () => {
    const ip = nextAddress();
    for (let i = 0; i < 60; i++) expect(await searchAllowed(ip)).toBe(true);
    expect(await searchAllowed(ip)).toBe(false);
    expect(await searchAllowed(nextAddress())).toBe(true);
  });
});
