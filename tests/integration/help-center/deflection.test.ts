import { POST as openSuggestion } from "@/app/api/help/[org]/suggestions/opens/route";
import { GET as insights } from "@/app/api/kb/insights/route";
import { POST as createPortalTicket } from "@/app/api/portal/tickets/route";
import { createUser, sessionCookie, twoTenants } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { mailsTo, portalAuth, signIn } from "../portal/portal-helpers";
import { createArticle } from "./fixtures";

// Deflection: a portal customer opens a suggested article (recorded by the public open route);
// the ticket they may still send claims the opens it followed, and the insights count the rest.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let world: Awaited<ReturnType<typeof twoTenants>>;
let customer: Record<string, string>;
let published: { id: string; slug: string };
let foreignArticle: { id: string; slug: string };
const CUSTOMER = "robin.reader@shop.test";

let address = 0;
const nextAddress = () => `10.71.${Math.floor(++address / 250)}.${address % 250}`;

const open = async (orgSlug: string, body: unknown, ip = nextAddress()) =>
  openSuggestion(
    makeRequest(`/api/help/${orgSlug}/suggestions/opens`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": ip },
    }),
    params({ org: orgSlug }),
  );
const opened = async (orgSlug: string, slug: string) => {
  const res = await readJson(await open(orgSlug, { slug }));
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const sendTicket = async (body: Record<string, unknown>, auth = customer) =>
  readJson(
    await createPortalTicket(
      makeRequest("/api/portal/tickets", {
        method: "POST",
        body: { subject: "Cannot reset my password", description: "The link expired.", ...body },
        headers: auth,
      }),
      params(),
    ),
  );
const openRow = (id: string) => db.kbSuggestionOpen.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  await resetDatabase();
  process.env.TRUST_PROXY_HOPS = "1"; // X-Forwarded-For names the client, so each call can be its own address
  smtp = await startSmtp();
  world = await twoTenants();
  customer = portalAuth(world.org.slug, await signIn(smtp, world.org, CUSTOMER));
  published = await createArticle(world.org.id, { slug: "reset-password", title: "Reset your password" });
  await createArticle(world.org.id, { slug: "password-draft", title: "Password draft", status: "draft" });
  await createArticle(world.org.id, { slug: "password-internal", title: "Password internal", status: "internal" });
  foreignArticle = await createArticle(world.other.id, { slug: "foreign-password", title: "Foreign password" });
});
afterAll(async () => {
  await mailsTo(smtp, CUSTOMER);
  await smtp.stop();
});

describe("POST /api/help/[org]/suggestions/opens", () => {
  it("records the open of a published article: 201 { id }, no ticket yet", async () => {
    const res = await readJson(await open(world.org.slug, { slug: "reset-password" }));
    expect(res).toEqual({ status: 201, body: { id: expect.any(String) } });
    expect(await openRow(res.body.id as string)).toMatchObject({
      organizationId: world.org.id,
      articleId: published.id,
      ticketId: null,
    });
  });

  it.each(["no-such-article", "password-draft", "password-internal", "Not A Slug!"])(
    "answers 404 for %s, and records nothing",
    async (slug) => {
      const before = await db.kbSuggestionOpen.count();
      const res = await readJson(await open(world.org.slug, { slug }));
      expect(res).toEqual({ status: 404, body: expect.objectContaining({ error: "Article not found" }) });
      expect(await db.kbSuggestionOpen.count()).toBe(before);
    },
  );

  it("answers 404 for another organisation's article, an unknown help center and one turned off", async () => {
    expect((await open(world.org.slug, { slug: foreignArticle.slug })).status).toBe(404);
    expect((await open("no-such-org", { slug: "reset-password" })).status).toBe(404);
    await db.organization.update({ where: { id: world.org.id }, data: { helpCenterEnabled: false } });
    try {
      expect((await open(world.org.slug, { slug: "reset-password" })).status).toBe(404);
    } finally {
      await db.organization.update({ where: { id: world.org.id }, data: { helpCenterEnabled: true } });
    }
    expect(await db.kbSuggestionOpen.count({ where: { organizationId: world.other.id } })).toBe(0);
  });

  it.each([
    [{}, "slug is required"],
    [{ slug: 42 }, "slug is required"],
    [{ slug: "" }, "slug is required"],
    [{ slug: "a".repeat(81) }, "slug is too long"],
  ])("answers 400 for %j", async (body, error) => {
    expect(await readJson(await open(world.org.slug, body))).toEqual({
      status: 400,
      body: expect.objectContaining({ error }),
    });
  });

  it("throttles one address (429 with Retry-After) and not the next", async () => {
    const ip = "10.72.0.1";
    for (let i = 0; i < 30; i++) expect((await open(world.org.slug, { slug: "nothing-here" }, ip)).status).toBe(404);
    const refused = await open(world.org.slug, { slug: "reset-password" }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await open(world.org.slug, { slug: "reset-password" }, "10.72.0.2")).status).toBe(201);
  });
});

describe("a portal ticket sent after opening suggestions", () => {
  it("claims the opens the customer recorded, for the ticket sent", async () => {
    const first = await opened(world.org.slug, "reset-password");
    const second = await opened(world.org.slug, "reset-password");
    const res = await sendTicket({ suggestionOpenIds: [first, second] });
    expect(res.status).toBe(201);
    expect((await openRow(first)).ticketId).toBe(res.body.id);
    expect((await openRow(second)).ticketId).toBe(res.body.id);
  });

  it("is sent as before without ids, and with an empty list", async () => {
    expect((await sendTicket({})).status).toBe(201);
    expect((await sendTicket({ suggestionOpenIds: [] })).status).toBe(201);
  });

  it("passes over another organisation's opens, unknown ids and opens older than a day", async () => {
    const foreign = await db.kbSuggestionOpen.create({
      data: { organizationId: world.other.id, articleId: foreignArticle.id },
    });
    const old = await db.kbSuggestionOpen.create({
      data: { organizationId: world.org.id, articleId: published.id, createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    const res = await sendTicket({ suggestionOpenIds: [foreign.id, old.id, "not-an-open"] });
    expect(res.status).toBe(201);
    expect((await openRow(foreign.id)).ticketId).toBeNull();
    expect((await openRow(old.id)).ticketId).toBeNull();
  });

  it("leaves an open another ticket already claimed with that ticket", async () => {
    const id = await opened(world.org.slug, "reset-password");
    const claimed = await sendTicket({ suggestionOpenIds: [id] });
    const again = await sendTicket({ suggestionOpenIds: [id] });
    expect(again.status).toBe(201);
    expect((await openRow(id)).ticketId).toBe(claimed.body.id);
  });

  it("refuses more than three ids and a list that is not ids, writing no ticket", async () => {
    const before = await db.ticket.count({ where: { organizationId: world.org.id } });
    const ids = await Promise.all([1, 2, 3, 4].map(() => opened(world.org.slug, "reset-password")));
    expect(await sendTicket({ suggestionOpenIds: ids })).toEqual({
      status: 400,
      body: expect.objectContaining({ error: "A ticket may name at most 3 opened articles" }),
    });
    expect(await sendTicket({ suggestionOpenIds: "abc" })).toMatchObject({ status: 400 });
    expect(await sendTicket({ suggestionOpenIds: [7] })).toMatchObject({ status: 400 });
    expect(await sendTicket({ suggestionOpenIds: ["x".repeat(65)] })).toMatchObject({ status: 400 });
    expect(await db.ticket.count({ where: { organizationId: world.org.id } })).toBe(before);
    for (const id of ids) expect((await openRow(id)).ticketId).toBeNull();
  });

  it("counts only the opens no ticket followed as deflections in the 30-day insights", async () => {
    await db.kbSuggestionOpen.deleteMany({ where: { organizationId: world.org.id } });
    const agent = await createUser(world.org.id, "agent");
    const read = async () =>
      (
        await readJson(
          await insights(
            makeRequest("/api/kb/insights", { headers: { cookie: await sessionCookie(agent) } }),
            params(),
          ),
        )
      ).body;
    const left = await opened(world.org.slug, "reset-password");
    const followed = await opened(world.org.slug, "reset-password");
    expect(await read()).toMatchObject({ suggestionOpens: 2, deflections: 2 });
    expect((await sendTicket({ suggestionOpenIds: [followed] })).status).toBe(201);
    expect(await read()).toMatchObject({ suggestionOpens: 2, deflections: 1 });
    expect((await openRow(left)).ticketId).toBeNull();
  });
});
