import { randomUUID } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { LIMITS } from "@/lib/services/rate-limit";
import { LOGIN_ACCOUNT_THROTTLED, LOGIN_THROTTLED } from "@/lib/services/users/login-throttle";
import { createOrg, createUser, PASSWORD, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { invoke } from "./discover";

// Strangers cannot turn password work into a lever: a made-up reset link or invitation costs no
// argon2 hash and is throttled per address, as is changing one's password; and many wrong
// sign-ins spread over addresses slow the guessers down without locking the owner out.

jest.setTimeout(60_000);

// The real hash, watched: a refused request must not have called it.
jest.mock("@/lib/auth/password", () => {
  const actual = jest.requireActual<typeof import("@/lib/auth/password")>("@/lib/auth/password");
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashes = jest.mocked(hashPassword);

let organizationId: string;
beforeAll(async () => {
  await resetDatabase();
  organizationId = (await createOrg("pro")).id;
});
beforeEach(async () => {
  await db.rateLimitBucket.deleteMany({});
  process.env.TRUST_PROXY_HOPS = "1";
});

const from = (address: string) => ({ "x-forwarded-for": address });
const login = async (email: string, pass: string, address: string) => {
  const res = await invoke("/api/login", "POST", { body: { email, password: pass } }, from(address));
  return { status: res.status, body: (await res.json()) as { error?: string; code?: string } };
};

describe("a made-up token costs no password hash", () => {
  it("reset-password: a dead or unknown link is refused before hashing; a live one is hashed once", async () => {
    const user = await createUser(organizationId, "agent");
    await db.passwordResetToken.create({
      data: {
        organizationId,
        userId: user.id,
        tokenHash: hashToken("expired-link"),
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    hashes.mockClear();
    for (const token of [randomUUID(), "expired-link"]) {
      const res = await invoke(
        "/api/auth/reset-password",
        "POST",
        { body: { token, newPassword: "a-new-password" } },
        from("198.51.100.20"),
      );
      expect(res.status).toBe(400);
    }
    expect(hashes).not.toHaveBeenCalled();

    await db.passwordResetToken.create({
      data: {
        organizationId,
        userId: user.id,
        tokenHash: hashToken("live-link"),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const ok = await invoke(
      "/api/auth/reset-password",
      "POST",
      { body: { token: "live-link", newPassword: "a-new-password" } },
      from("198.51.100.20"),
    );
    expect(ok.status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it("team-invites/accept: an unknown invitation is refused before hashing", async () => {
    hashes.mockClear();
    const res = await invoke(
      "/api/team-invites/accept",
      "POST",
      { body: { token: randomUUID(), fullName: "Mallory", password: "whatever-password" } },
      from("198.51.100.21"),
    );
    expect(res.status).toBe(404);
    expect(hashes).not.toHaveBeenCalled();
  });
});

describe("password routes are throttled", () => {
  const bogus = {
    reset: () => ({ token: randomUUID(), newPassword: "a-new-password" }),
    accept: () => ({ token: randomUUID(), fullName: "Mallory", password: "whatever-password" }),
  };
  it.each([
    ["/api/auth/reset-password", bogus.reset, LIMITS.resetPerAddress],
    ["/api/team-invites/accept", bogus.accept, LIMITS.acceptInvitePerAddress],
  ] as const)("%s answers 429 per address past its limit, other addresses unaffected", async (route, body, limit) => {
    const statuses: number[] = [];
    for (let i = 0; i <= limit.limit; i++)
      statuses.push((await invoke(route, "POST", { body: body() }, from("203.0.113.40"))).status);
    expect(statuses.slice(0, limit.limit).every((s) => s === 400 || s === 404)).toBe(true);
    const refused = await invoke(route, "POST", { body: body() }, from("203.0.113.40"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await invoke(route, "POST", { body: body() }, from("203.0.113.41"))).status).not.toBe(429);
  });

  it("PATCH /api/users/password answers 429 per account past its limit", async () => {
    const user = await createUser(organizationId, "agent");
    const cookie = await sessionCookie(user);
    const change = () =>
      invoke(
        "/api/users/password",
        "PATCH",
        { body: { currentPassword: "not-my-password", newPassword: "another-password" } },
        { cookie },
      );
    for (let i = 0; i < LIMITS.passwordChangePerAccount.limit; i++) expect((await change()).status).toBe(400);
    const refused = await change();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("sign-in: guessers are slowed, the owner is never locked out", () => {
  it("an attacker on 20 addresses cannot stop the owner signing in from their usual address", async () => {
    const admin = await createUser(organizationId, "org_admin");
    const home = "192.0.2.80";
    expect((await login(admin.email, PASSWORD, home)).status).toBe(200);

    const attack: number[] = [];
    for (let a = 0; a < 20; a++)
      for (let i = 0; i < 3; i++) attack.push((await login(admin.email, "guess", `198.18.${a}.1`)).status);
    // The account allows this many failed attempts from new places (the owner's sign-in at home
    // succeeded, so it is not one of them); past that, every new address is refused for this account.
    const answered = LIMITS.loginPerAccount.limit;
    expect(attack.slice(0, answered)).toEqual(Array(answered).fill(401));
    expect(attack.slice(answered)).toEqual(Array(attack.length - answered).fill(429));
    const refused = await login(admin.email, "guess", "198.18.99.1");
    expect(refused).toEqual({ status: 429, body: { error: LOGIN_ACCOUNT_THROTTLED, code: "rate_limited" } });
    // Even the right password from a new place waits; the owner's usual place does not.
    expect((await login(admin.email, PASSWORD, "198.18.99.2")).status).toBe(429);
    expect((await login(admin.email, PASSWORD, home)).status).toBe(200);
  });

  it("signing in with the right password from many new places is no failed attempt", async () => {
    const admin = await createUser(organizationId, "org_admin");
    for (let a = 0; a <= 2 * LIMITS.loginPerAccount.limit; a++)
      expect((await login(admin.email, PASSWORD, `198.20.${a}.1`)).status).toBe(200);
    // Failures from new places still count, as before.
    for (let a = 0; a < LIMITS.loginPerAccount.limit; a++)
      expect((await login(admin.email, "guess", `198.21.${a}.1`)).status).toBe(401);
    expect((await login(admin.email, "guess", "198.21.99.1")).status).toBe(429);
  });

  it("a guesser on one address is throttled, even at an address that once signed in", async () => {
    const agent = await createUser(organizationId, "agent");
    const address = "192.0.2.90";
    expect((await login(agent.email, PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < LIMITS.loginPerAccountAndAddress.limit; i++)
      expect((await login(agent.email, "guess", address)).status).toBe(401);
    expect(await login(agent.email, "guess", address)).toEqual({
      status: 429,
      body: { error: LOGIN_THROTTLED, code: "rate_limited" },
    });
    expect((await login(agent.email, PASSWORD, address)).status).toBe(429);
  });

  it("a password reset lets the owner sign in from a new place during an attack", async () => {
    const user = await createUser(organizationId, "agent");
    for (let a = 0; a <= LIMITS.loginPerAccount.limit; a++) await login(user.email, "guess", `198.19.${a}.1`);
    expect((await login(user.email, PASSWORD, "192.0.2.100")).status).toBe(429);
    await db.passwordResetToken.create({
      data: {
        organizationId,
        userId: user.id,
        tokenHash: hashToken("owner-link"),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const reset = await invoke(
      "/api/auth/reset-password",
      "POST",
      { body: { token: "owner-link", newPassword: "brand-new-password" } },
      from("192.0.2.100"),
    );
    expect(reset.status).toBe(200);
    expect((await login(user.email, "brand-new-password", "192.0.2.100")).status).toBe(200);
  });
});
