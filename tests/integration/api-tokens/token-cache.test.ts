import { DELETE as revoke } from "@/app/api/api-tokens/[id]/route";
import { POST as create } from "@/app/api/api-tokens/route";
import { SessionUserCache } from "@/lib/auth/session-user-cache";
import { hashToken } from "@/lib/auth/tokens";
import { isAppError } from "@/lib/errors";
import { HeardCache } from "@/lib/live/heard-cache";
import { Listener } from "@/lib/live/listener";
import {
  API_TOKEN_THROTTLED,
  INVALID_API_TOKEN,
  apiTokenChecker,
  authenticateApiToken,
} from "@/lib/services/api-tokens/authenticate";
import { apiCallerCaches } from "@/lib/services/api-tokens/token-cache";
import { LIMITS } from "@/lib/services/rate-limit";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";

// Two processes in one: "A" is this process's own authentication (the route handlers and
// authenticateApiToken), "B" a second pair of caches with its own LISTEN connection, as another
// server process holds. B lets a known token in from memory, and forgets it the moment it hears
// that the token was revoked, that a plan changed, or that the caller's address failed.

const cachesB = apiCallerCaches(100);
const noEvents = { dispatch: () => {}, resyncAll: () => {} };
const heardByB = {
  users: new SessionUserCache(),
  events: noEvents,
  counts: new HeardCache(100),
  apiTokens: cachesB.tokens,
  apiAddresses: cachesB.addresses,
};
const listenerB = new Listener(heardByB);
const checkB = apiTokenChecker(cachesB, listenerB);

let address = 0;
const freshIp = () => `192.0.2.${++address}`;

beforeAll(async () => {
  await resetDatabase();
  await listenerB.ensure();
  await until(() => cachesB.tokens.isActive, "B listens");
});
afterAll(() => listenerB.stop());

async function outcome(check: typeof authenticateApiToken, secret: string, ip: string) {
  try {
    return { caller: await check(secret, ip) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** A token that B has let in once from `ip`: B now knows the token and the address. */
async function knownToB(ip = freshIp()) {
  const org = await createOrg("enterprise");
  const admin = await createUser(org.id, "org_admin");
  const cookie = await sessionCookie(admin);
  const res = await readJson(
    await create(
      makeRequest("/api/api-tokens", {
        method: "POST",
        headers: { cookie },
        body: { name: "Billing sync", scopes: ["tickets:read"], expiresAt: null },
      }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  const token = res.body.token as string;
  expect((await outcome(checkB, token, ip)).caller?.organizationId).toBe(org.id);
  expect(cachesB.tokens.has(hashToken(token))).toBe(true);
  expect(cachesB.addresses.has(ip)).toBe(true);
  return { org, cookie, id: res.body.id as string, token, hash: hashToken(token), ip };
}

/** A change written with the triggers switched off: no process hears it, as if it never reached them. */
async function unannounced(statement: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) => Promise<unknown>) {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
    await statement(tx);
  });
}

const untilForgottenByB = (hash: string) => until(() => !cachesB.tokens.has(hash), "B forgets the token");

it("lets a known token in from memory: a change nobody announced goes unseen by B, seen by a fresh read", async () => {
  const { id, token, ip } = await knownToB();
  await unannounced((tx) => tx.apiToken.update({ where: { id }, data: { revokedAt: new Date() } }));
  // B answers from what it holds, so it read nothing; a process without it reads the revocation.
  expect((await outcome(checkB, token, ip)).caller).toBeDefined();
  const fresh = apiCallerCaches(100);
  expect(await outcome(apiTokenChecker(fresh, { connected: false, ensure: async () => {} }), token, ip)).toEqual({
    code: "unauthorized",
    message: INVALID_API_TOKEN,
  });
});

it("a revocation in A: A refuses the very next call, B as soon as it hears it", async () => {
  const { id, token, hash, ip, cookie } = await knownToB();
  expect((await outcome(authenticateApiToken, token, ip)).caller).toBeDefined();
  const res = await revoke(
    makeRequest(`/api/api-tokens/${id}`, { method: "DELETE", headers: { cookie } }),
    params({ id }),
  );
  expect(res.status).toBe(204);
  expect(await outcome(authenticateApiToken, token, ip)).toEqual({ code: "unauthorized", message: INVALID_API_TOKEN });
  await untilForgottenByB(hash);
  expect(await outcome(checkB, token, ip)).toEqual({ code: "unauthorized", message: INVALID_API_TOKEN });
});

it.each([
  ["its expiry moved into the past", { expiresAt: new Date(Date.now() - 60_000) }],
  ["its scopes", { scopes: ["users:read"] }],
  ["its name", { name: "Renamed" }],
])("a change of the token written elsewhere (%s) is heard by B", async (_what, data) => {
  const { id, hash } = await knownToB();
  await db.apiToken.update({ where: { id }, data });
  await untilForgottenByB(hash);
});

it("a deleted token, and a deleted organisation's, are forgotten", async () => {
  const first = await knownToB();
  await db.apiToken.delete({ where: { id: first.id } });
  await untilForgottenByB(first.hash);
  const second = await knownToB();
  await db.organization.delete({ where: { id: second.org.id } });
  await untilForgottenByB(second.hash);
  expect(await outcome(checkB, second.token, second.ip)).toEqual({ code: "unauthorized", message: INVALID_API_TOKEN });
});

it("a plan without the API, set anywhere, refuses the token in B once heard", async () => {
  const { org, token, hash, ip } = await knownToB();
  await db.organization.update({ where: { id: org.id }, data: { plan: "pro" } });
  await untilForgottenByB(hash);
  expect(await outcome(checkB, token, ip)).toMatchObject({ code: "plan_required" });
});

it("an address throttled through A is refused by B even with a token B knows", async () => {
  const { token, ip } = await knownToB();
  const { limit } = LIMITS.apiTokenFailuresPerAddress;
  for (let i = 0; i < limit; i++) await outcome(authenticateApiToken, `tkt_${String(i).padStart(40, "7")}`, ip);
  await until(() => !cachesB.addresses.has(ip), "B forgets the address");
  expect(await outcome(checkB, token, ip)).toEqual({ code: "rate_limited", message: API_TOKEN_THROTTLED });
  // Another address of the same caller still gets in.
  expect((await outcome(checkB, token, freshIp())).caller).toBeDefined();
});

it("an expiry passing by the clock refuses the token without any notice", async () => {
  const { id, token, ip } = await knownToB();
  await unannounced((tx) => tx.apiToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() + 60_000) } }));
  // B still holds the token without an expiry; make it hold one, as a fresh read would.
  await db.apiToken.update({ where: { id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
  await untilForgottenByB(hashToken(token));
  expect((await outcome(checkB, token, ip)).caller).toBeDefined();
  expect(cachesB.tokens.has(hashToken(token))).toBe(true);
  expect(
    await apiTokenChecker(cachesB, listenerB)(token, ip, new Date(Date.now() + 120_000)).catch((e) => e.code),
  ).toBe("unauthorized");
});

it("without its LISTEN connection B keeps nothing and reads every call", async () => {
  const { id, token, hash, ip } = await knownToB();
  await listenerB.stop();
  expect(cachesB.tokens.has(hash)).toBe(false);
  expect(cachesB.tokens.isActive).toBe(false);
  await unannounced((tx) => tx.apiToken.update({ where: { id }, data: { revokedAt: new Date() } }));
  // B's process until it listens again; this stand-in never starts listening (B's own check
  // would open its connection again, and nothing would close it: this is the last test).
  const unlistening = apiTokenChecker(cachesB, { connected: false, ensure: async () => {} });
  expect(await outcome(unlistening, token, ip)).toEqual({ code: "unauthorized", message: INVALID_API_TOKEN });
});
