import { POST as logout } from "@/app/api/portal/logout/route";
import { GET as listTickets } from "@/app/api/portal/tickets/route";
import { hashToken } from "@/lib/auth/tokens";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { askAccess, bearer, codeFor, nextIp, signIn } from "./portal-helpers";

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

  it("trades the code for a 24-hour access token stored hashed, and records the sign-in", async () => {
    const who = email();
    await askAccess({ org: org.slug, email: who });
    const res = await askAccess({ org: org.slug, email: who, code: ` ${codeFor(smtp, who)} ` });
    expect(res).toMatchObject({ status: 200, body: { email: who, organization: { name: org.name, slug: org.slug } } });
    const token = res.body.accessToken as string;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const session = await db.portalSession.findFirstOrThrow({ where: { organizationId: org.id, email: who } });
    expect(session.tokenHash).toBe(hashToken(token));
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(
      await db.auditEvent.findFirst({ where: { organizationId: org.id, action: "portal.signed_in" } }),
    ).toMatchObject({ actorType: "customer", actorLabel: who, actorId: null });
    expect((await list(bearer(token))).status).toBe(200);
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
  it("ends the token on logout, on expiry, and refuses missing or made-up tokens", async () => {
    const org = await createOrg();
    const who = email();
    const token = await signIn(smtp, org, who);
    const second = await signIn(smtp, org, who);

    const out = await logout(makeRequest("/api/portal/logout", { method: "POST", headers: bearer(token) }), params());
    expect(await readJson(out)).toEqual({ status: 200, body: { ok: true } });
    expect(await list(bearer(token))).toEqual({
      status: 401,
      body: { error: "Your portal session has expired. Please sign in again.", code: "unauthorized" },
    });
    expect((await list(bearer(second))).status).toBe(200);

    await db.portalSession.updateMany({
      where: { tokenHash: hashToken(second) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await list(bearer(second))).status).toBe(401);
    expect((await list({})).status).toBe(401);
    expect((await list(bearer("made-up-token"))).status).toBe(401);
    expect((await list({ authorization: `Basic ${token}` })).status).toBe(401);
  });
});
