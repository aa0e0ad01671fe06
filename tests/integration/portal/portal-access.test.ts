import { POST as logout } from "@/app/api/portal/logout/route";
import { GET as listTickets } from "@/app/api/portal/tickets/route";
import { hashToken } from "@/lib/auth/tokens";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { accessResponse, askAccess, codeFor, nextIp, portalAuth, sessionCookieOf, signIn } from "./portal-helpers";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let n = 0;
const email = () => `customer-${++n}-${Date.now()}@shop.test`;
const SENT = {
  status: 200,
  body: { message: "We've sent an 8-digit code to your email address. It works once, for 10 minutes." },
};
const WRONG = {
  status: 400,
  body: { error: "That code is not correct. Please check your email and try again.", code: "bad_request" },
};
const GONE = {
  status: 400,
  body: { error: "This code has expired or was already used. Please request a new code.", code: "bad_request" },
};
const BURNT = {
  status: 400,
  body: { error: "Too many incorrect attempts. Please request a new code.", code: "bad_request" },
};
const wrongCode = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, "0");

const list = async (headers: Record<string, string>) =>
  readJson(await listTickets(makeRequest("/api/portal/tickets", { headers }), params()));

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
  process.env.TRUST_PROXY_HOPS = "1"; // X-Forwarded-For names the client, so each test can be its own address
});
afterAll(() => smtp.stop());

describe("choosing the portal's organisation", () => {
  it("defaults to the only organisation, and needs a slug once there are several", async () => {
    const only = await createOrg();
    const who = email();
    expect(await askAccess({ email: who })).toEqual(SENT);
    expect(await db.portalAccessCode.count({ where: { organizationId: only.id, email: who } })).toBe(1);

    await createOrg();
    expect(await askAccess({ email: email() })).toEqual({
      status: 404,
      body: {
        error: "Support portal not found. Please use the portal link from your support team.",
        code: "not_found",
      },
    });
    expect((await askAccess({ org: "no-such-org", email: email() })).status).toBe(404);
    expect((await askAccess({ org: only.slug, email: email() })).status).toBe(200);
  });
});

describe("POST /api/portal/access", () => {
  let org: Awaited<ReturnType<typeof createOrg>>;
  let other: Awaited<ReturnType<typeof createOrg>>;
  beforeAll(async () => {
    org = await createOrg();
    other = await createOrg();
  });

  it("emails an 8-digit code stored only as a keyed hash, for 10 minutes, whether or not the email has tickets", async () => {
    const who = email();
    expect(await askAccess({ org: org.slug, email: `  ${who.toUpperCase()} ` })).toEqual(SENT);
    const code = codeFor(smtp, who);
    expect(code).toMatch(/^\d{8}$/);
    const mail = smtp.messages.filter((m) => m.to.includes(who)).at(-1)!;
    expect(mail.text).toContain(org.name);
    const stored = await db.portalAccessCode.findFirstOrThrow({ where: { organizationId: org.id, email: who } });
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).not.toBe(hashToken(code));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(10 * 60 * 1000);
    expect(stored).toMatchObject({ attempts: 0, consumedAt: null });
  });

  it("trades the code for a 24-hour session stored hashed, handed over only as an HttpOnly cookie", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const res = await accessResponse({ org: org.slug, email: who, code: ` ${codeFor(smtp, who)} ` });
    const session = await db.portalSession.findFirstOrThrow({ where: { organizationId: org.id, email: who } });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 200,
      body: { email: who, expiresAt: session.expiresAt.toISOString() },
    });
    const token = sessionCookieOf(res, org.slug)!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(session.tokenHash).toBe(hashToken(token));
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    // Served over https (APP_URL): Secure, and the prefix that makes browsers insist on it.
    const [cookie, ...more] = res.headers.getSetCookie();
    expect(more).toEqual([]);
    const [pair, ...attributes] = cookie!.split("; ");
    expect(pair).toBe(`__Secure-ticketry-portal.${org.slug}=${token}`);
    const named = new Map(attributes.map((a) => [a.split("=")[0]!.toLowerCase(), a.split("=")[1]]));
    expect(named.get("path")).toBe("/api");
    expect(named.get("samesite")?.toLowerCase()).toBe("lax");
    expect(named.has("httponly")).toBe(true);
    expect(named.has("secure")).toBe(true);
    expect(named.has("domain")).toBe(false);
    const maxAge = Number(named.get("max-age"));
    expect(Math.abs(maxAge - (session.expiresAt.getTime() - Date.now()) / 1000)).toBeLessThan(5);

    expect(
      await db.auditEvent.findFirst({ where: { organizationId: org.id, action: "portal.signed_in" } }),
    ).toMatchObject({ actorType: "customer", actorLabel: who, actorId: null });
    expect((await list(portalAuth(org.slug, token))).status).toBe(200);
  });

  it("sets no cookie for a wrong code nor for a code request", async () => {
    const who = email();
    const asked = await accessResponse({ org: org.slug, email: who });
    expect(asked.headers.getSetCookie()).toEqual([]);
    const wrong = await accessResponse({ org: org.slug, email: who, code: wrongCode(codeFor(smtp, who)) });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a wrong code and counts the attempt; the right code still works afterwards", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const code = codeFor(smtp, who);
    expect(await askAccess({ org: org.slug, email: who, code: wrongCode(code) })).toEqual(WRONG);
    expect((await db.portalAccessCode.findFirstOrThrow({ where: { email: who } })).attempts).toBe(1);
    expect((await askAccess({ org: org.slug, email: who, code })).status).toBe(200);
  });

  it("burns the code after 5 wrong attempts, even when they arrive at once", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const code = codeFor(smtp, who);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => askAccess({ org: org.slug, email: who, code: wrongCode(code) })),
    );
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect((await db.portalAccessCode.findFirstOrThrow({ where: { email: who } })).attempts).toBe(5);
    expect(await askAccess({ org: org.slug, email: who, code })).toEqual(BURNT);
    expect(await db.portalSession.count({ where: { email: who } })).toBe(0);
  });

  it("tells the fifth wrong attempt that the code is now burnt", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const code = codeFor(smtp, who);
    for (let i = 0; i < 4; i++)
      expect(await askAccess({ org: org.slug, email: who, code: wrongCode(code) })).toEqual(WRONG);
    expect(await askAccess({ org: org.slug, email: who, code: wrongCode(code) })).toEqual(BURNT);
  });

  it("refuses an expired code, a used code, a replaced code and a code never asked for", async () => {
    const expired = email();
    await askAccess({ org: org.slug, email: expired });
    await db.portalAccessCode.updateMany({
      where: { email: expired },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await askAccess({ org: org.slug, email: expired, code: codeFor(smtp, expired) })).toEqual(GONE);

    const reused = email();
    await askAccess({ org: org.slug, email: reused });
    const code = codeFor(smtp, reused);
    expect((await askAccess({ org: org.slug, email: reused, code })).status).toBe(200);
    expect(await askAccess({ org: org.slug, email: reused, code })).toEqual(GONE);

    const replaced = email();
    await askAccess({ org: org.slug, email: replaced });
    const first = codeFor(smtp, replaced);
    await askAccess({ org: org.slug, email: replaced });
    const second = codeFor(smtp, replaced);
    if (first !== second) expect(await askAccess({ org: org.slug, email: replaced, code: first })).toEqual(WRONG);
    expect((await askAccess({ org: org.slug, email: replaced, code: second })).status).toBe(200);

    expect(await askAccess({ org: org.slug, email: email(), code: "12345678" })).toEqual(GONE);
  });

  it("binds a code to its organisation and email", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const code = codeFor(smtp, who);
    expect(await askAccess({ org: other.slug, email: who, code })).toEqual(GONE);
    expect(await askAccess({ org: org.slug, email: email(), code })).toEqual(GONE);
    expect((await askAccess({ org: org.slug, email: who, code })).status).toBe(200);
  });

  it("lets exactly one of 10 concurrent uses of a code succeed", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const code = codeFor(smtp, who);
    const results = await Promise.all(Array.from({ length: 10 }, () => askAccess({ org: org.slug, email: who, code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await db.portalSession.count({ where: { email: who } })).toBe(1);
  });

  it.each([
    [{}, "Please enter your email address"],
    [{ email: "   " }, "Please enter your email address"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@b.test` }, "Email address is too long"],
    [{ email: "a@b.test", code: "1234ab78" }, "Please enter the 8-digit code from your email"],
    [{ email: "a@b.test", code: "123456" }, "Please enter the 8-digit code from your email"],
    [{ email: "a@b.test", org: "../etc" }, "Unknown portal"],
  ])("validates %j", async (body, message) => {
    expect(await askAccess(body)).toMatchObject({ status: 400, body: { error: message } });
  });

  it("mails the same live code again instead of making another", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const first = codeFor(smtp, who);
    expect(await askAccess({ org: org.slug, email: who })).toEqual(SENT);
    expect(codeFor(smtp, who)).toBe(first);
    expect(await db.portalAccessCode.count({ where: { email: who } })).toBe(1);
    expect((await askAccess({ org: org.slug, email: who, code: first })).status).toBe(200);
  });

  it("never lets a stranger's requests, from any number of addresses, stop the customer getting a code", async () => {
    const who = email();
    for (let i = 0; i < 12; i++) expect(await askAccess({ org: org.slug, email: who })).toEqual(SENT);
    const mailed = () => smtp.messages.filter((m) => m.to.includes(who)).length;
    const before = mailed();
    expect(before).toBe(5); // the same live code, mailed at most 5 times in 15 minutes
    expect(await askAccess({ org: org.slug, email: who })).toEqual(SENT);
    expect(mailed()).toBe(before);
    expect((await askAccess({ org: org.slug, email: who, code: codeFor(smtp, who) })).status).toBe(200);
  });

  it("caps checks per customer per day across addresses, so a spread-out guesser runs dry", async () => {
    const who = email();
    const statuses: number[] = [];
    while (statuses.length < 20) {
      await askAccess({ org: org.slug, email: who });
      const code = codeFor(smtp, who);
      for (let i = 0; i < 5 && statuses.length < 20; i++) {
        statuses.push((await askAccess({ org: org.slug, email: who, code: wrongCode(code) })).status);
      }
    }
    expect(statuses).toEqual(Array(20).fill(400));
    await askAccess({ org: org.slug, email: who });
    expect(await askAccess({ org: org.slug, email: who, code: codeFor(smtp, who) })).toEqual({
      status: 429,
      body: {
        error:
          "Too many incorrect codes for this email address today. Please try again tomorrow or contact your support team.",
        code: "rate_limited",
      },
    });
    // Another customer of the same organisation is unaffected.
    const calm = email();
    await askAccess({ org: org.slug, email: calm });
    expect((await askAccess({ org: org.slug, email: calm, code: codeFor(smtp, calm) })).status).toBe(200);
  });

  it("throttles code requests per client address (30 per 15 minutes)", async () => {
    const address = nextIp();
    const first = await Promise.all(
      Array.from({ length: 30 }, () => askAccess({ org: org.slug, email: email() }, address)),
    );
    expect(first.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(await askAccess({ org: org.slug, email: email() }, address)).toMatchObject({
      status: 429,
      body: { error: "Too many requests. Please try again later." },
    });
  }, 20_000);
});

describe("portal sessions", () => {
  it("ends the session on logout (revoked, cookie cleared), on expiry, and refuses missing or made-up ones", async () => {
    const org = await createOrg();
    const who = email();
    const token = await signIn(smtp, org, who);
    const second = await signIn(smtp, org, who);

    const out = await logout(
      makeRequest("/api/portal/logout", { method: "POST", headers: portalAuth(org.slug, token) }),
      params(),
    );
    const cleared = out.headers.getSetCookie();
    expect(await readJson(out)).toEqual({ status: 200, body: { ok: true } });
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(new RegExp(`^__Secure-ticketry-portal\\.${org.slug}=; Path=/api; .*Max-Age=0`));
    expect(cleared[0]).toMatch(/HttpOnly/);
    expect(await db.portalSession.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).toMatchObject({
      revokedAt: expect.any(Date),
    });
    expect(await list(portalAuth(org.slug, token))).toEqual({
      status: 401,
      body: { error: "Your portal session has expired. Please sign in again.", code: "unauthorized" },
    });
    expect((await list(portalAuth(org.slug, second))).status).toBe(200);

    await db.portalSession.updateMany({
      where: { tokenHash: hashToken(second) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await list(portalAuth(org.slug, second))).status).toBe(401);
    expect((await list({})).status).toBe(401);
    expect((await list(portalAuth(org.slug, "made-up-token"))).status).toBe(401);
    // The session token is taken only from the portal's cookie, never from a header.
    const third = await signIn(smtp, org, who);
    expect((await list({ "x-portal-org": org.slug, authorization: `Bearer ${third}` })).status).toBe(401);
    expect((await list({ authorization: `Bearer ${third}` })).status).toBe(401);
    expect((await list({ cookie: portalAuth(org.slug, third).cookie })).status).toBe(401);
    expect((await list(portalAuth(org.slug, third))).status).toBe(200);
  });
});
