import { randomUUID } from "node:crypto";
import { GET as check } from "@/app/api/auth/check/route";
import { POST as login } from "@/app/api/login/route";
import { POST as passkeyLogin } from "@/app/api/login/passkey/route";
import { GET as listPasskeys, POST as addPasskey } from "@/app/api/users/passkeys/route";
import { DELETE as removePasskey, PATCH as renamePasskey } from "@/app/api/users/passkeys/[id]/route";
import { MAIL_JOB } from "@/lib/services/mail/outbox";
import { queuedJobs } from "../helpers/jobs";
import { cookieFrom, createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { codeFor, enrolTotp } from "../helpers/two-factor";
import {
  addPasskeyFor,
  challengeCookieFrom,
  registrationOptions,
  signInChallenge,
  SoftAuthenticator,
} from "../helpers/passkeys";

let ipCounter = 0;
const freshIp = () => `10.7.0.${++ipCounter}`;

async function agentWithCookie(orgId?: string) {
  const organizationId = orgId ?? (await createOrg("pro")).id;
  const user = await createUser(organizationId, "agent");
  return { user, cookie: await sessionCookie(user) };
}

/** Answers the creation options with `answer(options)` under the options' challenge cookie. */
async function register(cookie: string, answer: (options: never) => unknown, optionsCookie?: string) {
  const begun = await registrationOptions(cookie, { password: PASSWORD });
  expect(begun.res.status).toBe(200);
  return readJson(
    await addPasskey(
      makeRequest("/api/users/passkeys", {
        method: "POST",
        body: { name: "Laptop", answer: answer(begun.body as never) },
        headers: { cookie: `${cookie}; ${optionsCookie ?? challengeCookieFrom(begun.res)}` },
      }),
      params(),
    ),
  );
}

/** A password-less sign-in from `ip` with the authenticator's answer to a fresh challenge (or the one given). */
async function signInWith(
  authenticator: SoftAuthenticator,
  {
    ip = freshIp(),
    origin,
    userVerified,
    challenge,
  }: { ip?: string; origin?: string; userVerified?: boolean; challenge?: { challenge: string; cookie: string } } = {},
) {
  const asked = challenge ?? (await signInChallenge(ip));
  const answer = authenticator.assert(asked.challenge, { origin, userVerified });
  const res = await passkeyLogin(
    makeRequest("/api/login/passkey", {
      method: "POST",
      body: { answer },
      headers: { cookie: asked.cookie, "x-forwarded-for": ip, "user-agent": "Passkey test" },
    }),
    params(),
  );
  return { res, ...(await readJson(res.clone())), answer, asked };
}

beforeAll(resetDatabase);

describe("adding a passkey", () => {
  it("asks for the password, then keeps a passkey whose attestation and user verification check out", async () => {
    const { user, cookie } = await agentWithCookie();
    const wrong = await registrationOptions(cookie, { password: "not-the-password" });
    expect(wrong.res.status).toBe(400);
    expect(wrong.body.error).toBe("Current password is incorrect");

    const begun = await registrationOptions(cookie, { password: PASSWORD });
    expect(begun.res.status).toBe(200);
    expect(begun.body).toMatchObject({
      rp: { id: "localhost", name: "Ticketry" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    expect(begun.res.headers.get("set-cookie")).toMatch(/HttpOnly/i);

    const { authenticator, passkey } = await addPasskeyFor(cookie, new SoftAuthenticator(), { name: "Work laptop" });
    const stored = await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } });
    expect(stored).toMatchObject({ userId: user.id, credentialId: authenticator.id, name: "Work laptop" });
    expect(stored.publicKey.length).toBeGreaterThan(32);
    const listed = await readJson(
      await listPasskeys(makeRequest("/api/users/passkeys", { headers: { cookie } }), params()),
    );
    expect(listed.body).toEqual([
      { id: passkey.id, name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null, synced: false },
    ]);
    expect(await db.auditEvent.count({ where: { action: "user.passkey_added", targetId: passkey.id } })).toBe(1);
  });

  it("asks a user with an authenticator app for its code too", async () => {
    const { cookie } = await agentWithCookie();
    const { secret } = await enrolTotp(cookie);
    expect((await registrationOptions(cookie, { password: PASSWORD })).res.status).toBe(400);
    expect((await registrationOptions(cookie, { password: PASSWORD, code: "000000" })).res.status).toBe(400);
    await addPasskeyFor(cookie, new SoftAuthenticator(), { code: codeFor(secret, 1) });
  });

  it("refuses an answer to another challenge, from another origin, without user verification, or replayed", async () => {
    const { cookie } = await agentWithCookie();
    const key = new SoftAuthenticator();
    const otherChallenge = await register(cookie, (o: { user: { id: string } }) =>
      key.register({ challenge: "bm90LXRoZS1jaGFsbGVuZ2U", user: o.user }),
    );
    expect(otherChallenge).toMatchObject({
      status: 400,
      body: { error: "That passkey could not be added. Please try again." },
    });
    expect((await register(cookie, (o) => key.register(o, { origin: "https://evil.example" }))).status).toBe(400);
    expect((await register(cookie, (o) => key.register(o, { rpID: "evil.example" }))).status).toBe(400);
    expect((await register(cookie, (o) => key.register(o, { userVerified: false }))).status).toBe(400);

    // A right answer, sent twice: the challenge is spent by the first.
    const begun = await registrationOptions(cookie, { password: PASSWORD });
    const request = () =>
      addPasskey(
        makeRequest("/api/users/passkeys", {
          method: "POST",
          body: { name: "Laptop", answer: key.register(begun.body as never) },
          headers: { cookie: `${cookie}; ${challengeCookieFrom(begun.res)}` },
        }),
        params(),
      );
    expect((await request()).status).toBe(200);
    expect(await readJson(await request())).toMatchObject({
      status: 400,
      body: { error: "This passkey request has expired. Please start again." },
    });
    expect(await db.passkey.count({ where: { credentialId: key.id } })).toBe(1);
  });

  it("refuses a challenge given to another user", async () => {
    const org = await createOrg("pro");
    const alice = await agentWithCookie(org.id);
    const bob = await agentWithCookie(org.id);
    const aliceOptions = await registrationOptions(alice.cookie, { password: PASSWORD });
    const stolen = challengeCookieFrom(aliceOptions.res);
    const answer = new SoftAuthenticator().register(aliceOptions.body as never);
    const res = await addPasskey(
      makeRequest("/api/users/passkeys", {
        method: "POST",
        body: { name: "Theirs", answer },
        headers: { cookie: `${bob.cookie}; ${stolen}` },
      }),
      params(),
    );
    expect(res.status).toBe(400);
    expect(await db.passkey.count({ where: { userId: { in: [alice.user.id, bob.user.id] } } })).toBe(0);
  });

  it("lets a session waiting for enrolment through, as a confirmed app does", async () => {
    const org = await createOrg("pro");
    await db.organization.update({ where: { id: org.id }, data: { requireTwoFactor: true } });
    const user = await createUser(org.id, "agent");
    const ip = freshIp();
    const signedIn = await login(
      makeRequest("/api/login", {
        method: "POST",
        body: { email: user.email, password: PASSWORD },
        headers: { "x-forwarded-for": ip },
      }),
      params(),
    );
    const cookie = cookieFrom(signedIn);
    const blocked = await listPasskeys(makeRequest("/api/users/passkeys", { headers: { cookie } }), params());
    expect(blocked.status).toBe(403);
    await addPasskeyFor(cookie);
    expect((await listPasskeys(makeRequest("/api/users/passkeys", { headers: { cookie } }), params())).status).toBe(
      200,
    );
  });
});

describe("naming and removing passkeys", () => {
  it("renames and removes one's own, audited; another user's passkey is a 404", async () => {
    const org = await createOrg("pro");
    const owner = await agentWithCookie(org.id);
    const colleague = await agentWithCookie(org.id);
    const stranger = await agentWithCookie();
    const { passkey } = await addPasskeyFor(owner.cookie);
    const rename = (cookie: string, name: unknown) =>
      renamePasskey(
        makeRequest(`/api/users/passkeys/${passkey.id}`, { method: "PATCH", body: { name }, headers: { cookie } }),
        params({ id: passkey.id }),
      );
    const remove = (cookie: string) =>
      removePasskey(
        makeRequest(`/api/users/passkeys/${passkey.id}`, { method: "DELETE", headers: { cookie } }),
        params({ id: passkey.id }),
      );

    expect((await rename(colleague.cookie, "Mine now")).status).toBe(404);
    expect((await rename(stranger.cookie, "Mine now")).status).toBe(404);
    expect((await remove(colleague.cookie)).status).toBe(404);
    expect((await remove(stranger.cookie)).status).toBe(404);
    expect((await readJson(await rename(owner.cookie, "  "))).body.error).toBe("Please give the passkey a name");
    expect((await rename(owner.cookie, "x".repeat(61))).status).toBe(400);

    expect(await readJson(await rename(owner.cookie, " Phone "))).toMatchObject({
      status: 200,
      body: { name: "Phone" },
    });
    expect(
      await db.auditEvent.findFirst({ where: { action: "user.passkey_renamed", targetId: passkey.id } }),
    ).toMatchObject({
      actorId: owner.user.id,
      metadata: { from: "Laptop", to: "Phone" },
    });
    expect((await remove(owner.cookie)).status).toBe(200);
    expect(await db.passkey.count({ where: { id: passkey.id } })).toBe(0);
    expect(await db.auditEvent.count({ where: { action: "user.passkey_removed", targetId: passkey.id } })).toBe(1);
    expect((await remove(owner.cookie)).status).toBe(404);
  });

  it("keeps the last passkey while the organisation requires two-factor and there is no app", async () => {
    const org = await createOrg("pro");
    const { cookie } = await agentWithCookie(org.id);
    const first = await addPasskeyFor(cookie);
    const second = await addPasskeyFor(cookie);
    await db.organization.update({ where: { id: org.id }, data: { requireTwoFactor: true } });
    const remove = (id: string) =>
      removePasskey(
        makeRequest(`/api/users/passkeys/${id}`, { method: "DELETE", headers: { cookie } }),
        params({ id }),
      );
    expect((await remove(first.passkey.id)).status).toBe(200);
    expect(await readJson(await remove(second.passkey.id))).toMatchObject({
      status: 403,
      body: { error: "Your organization requires two-factor sign-in, so your last passkey cannot be removed." },
    });
  });
});

describe("signing in with a passkey alone", () => {
  it("starts a session as a password sign-in does: recorded, audited, a cookie that works", async () => {
    const { user, cookie } = await agentWithCookie();
    const { authenticator, passkey } = await addPasskeyFor(cookie);
    const { status, body, res } = await signInWith(authenticator);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    expect(res.headers.get("set-cookie")).toMatch(/ticketry\.passkey-challenge=;/);
    const session = await db.userSession.findFirstOrThrow({ where: { userId: user.id, method: "passkey" } });
    expect(session).toMatchObject({ userAgent: "Passkey test", twoFactorPending: false });
    expect(
      await db.auditEvent.findFirst({
        where: { action: "user.login", actorId: user.id },
        orderBy: { createdAt: "desc" },
      }),
    ).toMatchObject({ metadata: { session: session.id, method: "passkey", passkey: passkey.id } });
    expect(await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).toMatchObject({ counter: 1n });
    const checked = await check(makeRequest("/api/auth/check", { headers: { cookie: cookieFrom(res) } }), params());
    expect(checked.status).toBe(200);
    // A new device is mailed about (the user had signed in before: the fixture's session).
    const notices = (await queuedJobs(MAIL_JOB)).filter((job) => {
      const message = (job.payload as { message: { to: string; subject: string } }).message;
      return message.to === user.email && message.subject.startsWith("New sign-in");
    });
    expect(notices).toHaveLength(1);
  });

  it("verifies an ES256 passkey, the kind most authenticators make", async () => {
    const { cookie } = await agentWithCookie();
    const { authenticator } = await addPasskeyFor(cookie, new SoftAuthenticator("ES256"));
    expect((await signInWith(authenticator)).status).toBe(200);
  });

  it("meets the organisation's two-factor rule", async () => {
    const org = await createOrg("pro");
    const { user, cookie } = await agentWithCookie(org.id);
    const { authenticator } = await addPasskeyFor(cookie);
    await db.organization.update({ where: { id: org.id }, data: { requireTwoFactor: true } });
    expect((await signInWith(authenticator)).status).toBe(200);
    expect(await db.userSession.findFirstOrThrow({ where: { userId: user.id, method: "passkey" } })).toMatchObject({
      twoFactorPending: false,
    });
  });

  it("refuses another origin, a missing user verification, an unknown passkey and a spent challenge", async () => {
    const { user, cookie } = await agentWithCookie();
    const { authenticator } = await addPasskeyFor(cookie);
    const refused = { status: 401, body: { code: "invalid_passkey" } };
    expect(await signInWith(authenticator, { origin: "https://evil.example" })).toMatchObject(refused);
    expect(await signInWith(authenticator, { userVerified: false })).toMatchObject(refused);
    expect(await signInWith(new SoftAuthenticator())).toMatchObject(refused);

    const first = await signInWith(authenticator);
    expect(first.status).toBe(200);
    const replay = await passkeyLogin(
      makeRequest("/api/login/passkey", {
        method: "POST",
        body: { answer: first.answer },
        headers: { cookie: first.asked.cookie, "x-forwarded-for": freshIp() },
      }),
      params(),
    );
    expect(replay.status).toBe(401);
    // An answer to one challenge, sent under another browser's challenge.
    const other = await signInChallenge(freshIp());
    const elsewhere = await passkeyLogin(
      makeRequest("/api/login/passkey", {
        method: "POST",
        body: { answer: authenticator.assert("c29tZS1vdGhlci1jaGFsbGVuZ2U") },
        headers: { cookie: other.cookie, "x-forwarded-for": freshIp() },
      }),
      params(),
    );
    expect(elsewhere.status).toBe(401);
    expect(await db.userSession.count({ where: { userId: user.id, method: "passkey" } })).toBe(1);
  });

  it("refuses and records a counter that goes back (a copied key), and an inactive user", async () => {
    const { user, cookie } = await agentWithCookie();
    const { authenticator, passkey } = await addPasskeyFor(cookie);
    authenticator.counter = 41;
    expect((await signInWith(authenticator)).status).toBe(200);
    authenticator.counter = 10;
    expect(await signInWith(authenticator)).toMatchObject({ status: 401, body: { code: "invalid_passkey" } });
    expect(
      await db.auditEvent.findFirst({ where: { action: "user.passkey_counter_rejected", targetId: passkey.id } }),
    ).toMatchObject({ metadata: { user: user.id, stored: "42", answered: "11" } });
    // The key's own next count still works.
    authenticator.counter = 42;
    expect((await signInWith(authenticator)).status).toBe(200);

    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await signInWith(authenticator)).status).toBe(401);
  });

  it("is no way around single sign-on where the organisation made its provider the only way in", async () => {
    const org = await createOrg("pro");
    const domain = `sso-only-${randomUUID().slice(0, 8)}.test`;
    const user = await createUser(org.id, "agent", { email: `agent@${domain}` });
    const { authenticator } = await addPasskeyFor(await sessionCookie(user));
    await db.ssoProvider.create({
      data: {
        organizationId: org.id,
        issuer: "https://id.example.test",
        clientId: "ticketry",
        clientSecret: "sealed elsewhere",
        providerOnly: true,
        domains: { create: { domain } },
      },
    });
    expect(await signInWith(authenticator)).toMatchObject({ status: 403, body: { code: "sso_required" } });
  });

  it("refuses a passkey whose user handle names someone else", async () => {
    const org = await createOrg("pro");
    const alice = await agentWithCookie(org.id);
    const { authenticator } = await addPasskeyFor(alice.cookie);
    authenticator.userHandle = Buffer.from((await createUser(org.id, "org_admin")).id).toString("base64url");
    expect((await signInWith(authenticator)).status).toBe(401);
  });

  it("counts attempts per account and address as password sign-in does", async () => {
    const { cookie } = await agentWithCookie();
    const { authenticator } = await addPasskeyFor(cookie);
    const home = freshIp();
    expect((await signInWith(authenticator, { ip: home })).status).toBe(200);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await signInWith(authenticator, { ip, userVerified: false })).status).toBe(401);
    expect((await signInWith(authenticator, { ip })).status).toBe(429);
    // The owner's usual place still signs in.
    expect((await signInWith(authenticator, { ip: home })).status).toBe(200);
  });
});

describe("a passkey as the second step after the password", () => {
  const passwordThen = async (email: string, ip: string, extra: Record<string, unknown> = {}, cookie?: string) =>
    readJson(
      await login(
        makeRequest("/api/login", {
          method: "POST",
          body: { email, password: PASSWORD, ...extra },
          headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
        }),
        params(),
      ),
    );

  it("asks for the second factor, then takes the user's passkey instead of a code", async () => {
    const { user, cookie } = await agentWithCookie();
    const { authenticator, passkey } = await addPasskeyFor(cookie);
    const ip = freshIp();
    expect(await passwordThen(user.email, ip)).toMatchObject({ status: 401, body: { code: "two_factor_required" } });
    const asked = await signInChallenge(ip);
    const answered = await passwordThen(
      user.email,
      ip,
      { passkey: authenticator.assert(asked.challenge) },
      asked.cookie,
    );
    expect(answered.status).toBe(200);
    expect(
      await db.auditEvent.findFirst({
        where: { action: "user.login", actorId: user.id },
        orderBy: { createdAt: "desc" },
      }),
    ).toMatchObject({ metadata: { secondFactor: "passkey" } });
    expect(await db.passkey.findUniqueOrThrow({ where: { id: passkey.id } })).toMatchObject({ counter: 1n });
  });

  it("refuses another user's passkey, and the password alone still asks", async () => {
    const org = await createOrg("pro");
    const alice = await agentWithCookie(org.id);
    const bob = await agentWithCookie(org.id);
    await addPasskeyFor(alice.cookie);
    const bobs = await addPasskeyFor(bob.cookie);
    const ip = freshIp();
    const asked = await signInChallenge(ip);
    expect(
      await passwordThen(alice.user.email, ip, { passkey: bobs.authenticator.assert(asked.challenge) }, asked.cookie),
    ).toMatchObject({ status: 401, body: { code: "invalid_passkey" } });
    // Without the challenge's cookie the answer is not taken either.
    const again = await signInChallenge(ip);
    expect(
      await passwordThen(alice.user.email, ip, { passkey: bobs.authenticator.assert(again.challenge) }),
    ).toMatchObject({ status: 401, body: { code: "invalid_passkey" } });
    // A wrong password is the same 401 as ever, whatever the passkey.
    expect(
      (
        await readJson(
          await login(
            makeRequest("/api/login", {
              method: "POST",
              body: { email: alice.user.email, password: "wrong-password", passkey: bobs.authenticator.assert("eA") },
              headers: { "x-forwarded-for": ip },
            }),
            params(),
          ),
        )
      ).body.code,
    ).toBe("invalid_credentials");
  });
});
