import { POST as subscribe } from "@/app/api/mailing-list/route";
import { drainJobs } from "../helpers/jobs";
import { GET as unsubscribe } from "@/app/api/mailing-list/unsubscribe/[token]/route";
import { hashToken } from "@/lib/auth/tokens";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ip = 0;
const join = (body: unknown, headers: Record<string, string> = { "x-forwarded-for": `10.3.0.${++ip}` }) =>
  subscribe(makeRequest("/api/mailing-list", { method: "POST", body, headers }), params());
const leave = (token: string) => unsubscribe(makeRequest(`/api/mailing-list/unsubscribe/${token}`), params({ token }));

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://ticketry.test";
});
afterAll(() => smtp.stop());

describe("POST /api/mailing-list", () => {
  it("stores trimmed values, a lowercased email and the consent time, and mails an unsubscribe link", async () => {
    const before = Date.now();
    const res = await join({
      email: "  Wait.Lister@Example.test ",
      name: " Wanda ",
      company: "  ",
      consentGiven: true,
    });
    expect(await readJson(res)).toEqual({ status: 200, body: { message: "Successfully subscribed!" } });
    const entry = await db.mailingListEntry.findUniqueOrThrow({ where: { email: "wait.lister@example.test" } });
    expect(entry).toMatchObject({ name: "Wanda", company: null, unsubscribedAt: null });
    expect(entry.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const link = linkIn(await smtp.mailTo("wait.lister@example.test"), "/unsubscribe/");
    expect(link.origin).toBe("https://ticketry.test");
    const token = link.pathname.split("/").pop()!;
    expect(entry.unsubscribeTokenHash).toBe(hashToken(token));
  });

  it("does not duplicate a subscriber and answers the same", async () => {
    await join({ email: "twice@example.test", consentGiven: true });
    await smtp.mailTo("twice@example.test");
    smtp.clear();
    const again = await join({ email: "TWICE@example.test", name: "Changed", consentGiven: true });
    expect(await readJson(again)).toEqual({ status: 200, body: { message: "Successfully subscribed!" } });
    await drainJobs();
    expect(await db.mailingListEntry.count({ where: { email: "twice@example.test" } })).toBe(1);
    expect(smtp.messages).toHaveLength(0);
  });

  it("keeps one row under concurrent sign-ups of one address", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        join({ email: "race@example.test", consentGiven: true }, { "x-forwarded-for": `10.9.${i}.1` }),
      ),
    );
    expect(await db.mailingListEntry.count({ where: { email: "race@example.test" } })).toBe(1);
  });

  it.each([
    [{ consentGiven: true }, "Please enter your email address"],
    [{ email: " ", consentGiven: true }, "Please enter your email address"],
    [{ email: "not-an-email", consentGiven: true }, "Please enter a valid email address"],
    [{ email: "a@b.test" }, "Please agree to receive emails before subscribing."],
    [{ email: "a@b.test", consentGiven: false }, "Please agree to receive emails before subscribing."],
    [{ email: "a@b.test", consentGiven: "yes" }, "Please agree to receive emails before subscribing."],
    [{ email: "a@b.test", name: "x".repeat(101), consentGiven: true }, "Must be at most 100 characters"],
  ])("rejects %j with 400", async (body, message) => {
    expect(await readJson(await join(body))).toMatchObject({ status: 400, body: { error: message } });
  });

  it("throttles per client address", async () => {
    const headers = { "x-forwarded-for": "203.0.113.5" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await join({ email: `t${i}@example.test`, consentGiven: true }, headers)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe("GET /api/mailing-list/unsubscribe/{token}", () => {
  it("unsubscribes, and a repeated use still succeeds without change", async () => {
    smtp.clear();
    await join({ email: "leaving@example.test", consentGiven: true });
    const token = linkIn(await smtp.mailTo("leaving@example.test"), "/unsubscribe/")
      .pathname.split("/")
      .pop()!;

    expect(await readJson(await leave(token))).toEqual({
      status: 200,
      body: { message: "You have been unsubscribed from our mailing list." },
    });
    const first = await db.mailingListEntry.findUniqueOrThrow({ where: { email: "leaving@example.test" } });
    expect(first.unsubscribedAt).toBeInstanceOf(Date);

    expect((await leave(token)).status).toBe(200);
    const second = await db.mailingListEntry.findUniqueOrThrow({ where: { email: "leaving@example.test" } });
    expect(second.unsubscribedAt).toEqual(first.unsubscribedAt);
  });

  it("lets a former subscriber join again with a fresh link", async () => {
    smtp.clear();
    await join({ email: "boomerang@example.test", consentGiven: true });
    const first = linkIn(await smtp.mailTo("boomerang@example.test"), "/unsubscribe/")
      .pathname.split("/")
      .pop()!;
    await leave(first);
    smtp.clear();
    await join({ email: "boomerang@example.test", consentGiven: true });
    expect(
      (await db.mailingListEntry.findUniqueOrThrow({ where: { email: "boomerang@example.test" } })).unsubscribedAt,
    ).toBeNull();
    expect(linkIn(await smtp.mailTo("boomerang@example.test"), "/unsubscribe/").pathname).not.toContain(first);
    expect((await leave(first)).status).toBe(404);
  });

  it("answers 404 with an error for an unknown token", async () => {
    expect(await readJson(await leave("no-such-token"))).toEqual({
      status: 404,
      body: { error: "This unsubscribe link is invalid or has expired", code: "not_found" },
    });
  });
});
