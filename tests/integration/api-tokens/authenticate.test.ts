import { POST as create } from "@/app/api/api-tokens/route";
import { DELETE as remove } from "@/app/api/api-tokens/[id]/route";
import type { Plan } from "@/generated/prisma/enums";
import { hashToken } from "@/lib/auth/tokens";
import { isAppError } from "@/lib/errors";
import {
  API_TOKEN_THROTTLED,
  INVALID_API_TOKEN,
  LAST_USE_PRECISION_MS,
  authenticateApiToken,
} from "@/lib/services/api-tokens/authenticate";
import { LIMITS } from "@/lib/services/rate-limit";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// The one way from a bearer secret to a caller: looked up by its hash (what a process keeps of it
// is tested in token-cache.test.ts; a revocation holds on the next request), refused alike when malformed, unknown, revoked or
// expired, refused by plan when the organisation lost the API, its last use noted at most once
// a minute, and failures throttled per client address.

let address = 0;
/** A client address of its own for each test, so one test's failures never throttle another's. */
const freshIp = () => `198.51.100.${++address}`;

async function enterpriseToken(body: Record<string, unknown> = {}) {
  const org = await createOrg("enterprise");
  const admin = await createUser(org.id, "org_admin");
  const cookie = await sessionCookie(admin);
  const res = await readJson(
    await create(
      makeRequest("/api/api-tokens", {
        method: "POST",
        headers: { cookie },
        body: { name: "CRM sync", scopes: ["tickets:read", "users:read"], expiresAt: null, ...body },
      }),
      params(),
    ),
  );
  expect(res.status).toBe(201);
  return { org, cookie, id: res.body.id as string, token: res.body.token as string };
}

/** What authenticating answers: the caller, or the refusal's code, status-bearing message and wait. */
async function outcome(secret: string, ip: string, now?: Date) {
  try {
    return { caller: await authenticateApiToken(secret, ip, now) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, message: error.message, retryAfter: error.extra.retryAfterSeconds };
  }
}
const invalid = { code: "unauthorized", message: INVALID_API_TOKEN };

beforeAll(() => resetDatabase());

it("turns a live token into its organisation, name and scopes", async () => {
  const { org, id, token } = await enterpriseToken();
  expect(await outcome(token, freshIp())).toEqual({
    caller: { tokenId: id, organizationId: org.id, name: "CRM sync", scopes: ["tickets:read", "users:read"] },
  });
});

it("refuses a malformed, unknown, revoked or expired token alike with 401", async () => {
  const ip = freshIp();
  const { token, id, cookie } = await enterpriseToken();
  const unknown = `tkt_${"A".repeat(40)}`;
  for (const bad of [
    "",
    "Bearer",
    "tkt_",
    token.slice(0, -1),
    `${token}x`,
    token.toLowerCase(),
    unknown,
    `sk_${token}`,
  ])
    expect(await outcome(bad, ip)).toEqual(invalid);

  const expiring = await enterpriseToken({ expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() });
  expect((await outcome(expiring.token, ip)).caller).toBeDefined();
  expect(await outcome(expiring.token, ip, new Date(Date.now() + 2 * 60 * 60_000))).toEqual(invalid);

  expect((await outcome(token, ip)).caller).toBeDefined();
  const res = await remove(
    makeRequest(`/api/api-tokens/${id}`, { method: "DELETE", headers: { cookie } }),
    params({ id }),
  );
  expect(res.status).toBe(204);
  // The very next call: the process that revoked it forgets it at once.
  expect(await outcome(token, ip)).toEqual(invalid);
});

it("a token is its own organisation's: two organisations' tokens each name their own", async () => {
  const mine = await enterpriseToken();
  const theirs = await enterpriseToken();
  const ip = freshIp();
  expect((await outcome(mine.token, ip)).caller?.organizationId).toBe(mine.org.id);
  expect((await outcome(theirs.token, ip)).caller?.organizationId).toBe(theirs.org.id);
});

it.each<Plan>(["free", "starter", "pro"])(
  "an organisation moved down to %s gets 403 plan_required for its token",
  async (plan) => {
    const { org, token } = await enterpriseToken();
    await db.organization.update({ where: { id: org.id }, data: { plan } });
    expect(await outcome(token, freshIp())).toMatchObject({
      code: "plan_required",
      message: expect.stringContaining("Enterprise"),
    });
  },
);

it("notes the last use's time and address at most once a minute", async () => {
  const { id, token } = await enterpriseToken();
  const stored = () => db.apiToken.findUniqueOrThrow({ where: { id }, select: { lastUsedAt: true, lastUsedIp: true } });
  const t0 = new Date(Date.now() + 1000);
  await outcome(token, "203.0.113.1", t0);
  expect(await stored()).toEqual({ lastUsedAt: t0, lastUsedIp: "203.0.113.1" });

  // Within the minute, from anywhere: nothing is written.
  await outcome(token, "203.0.113.2", new Date(t0.getTime() + 1000));
  await outcome(token, "203.0.113.3", new Date(t0.getTime() + LAST_USE_PRECISION_MS - 1));
  expect(await stored()).toEqual({ lastUsedAt: t0, lastUsedIp: "203.0.113.1" });

  const t1 = new Date(t0.getTime() + LAST_USE_PRECISION_MS);
  await outcome(token, "203.0.113.4", t1);
  expect(await stored()).toEqual({ lastUsedAt: t1, lastUsedIp: "203.0.113.4" });
});

it("throttles failed look-ups per address: past the limit even a good token is refused from there, not elsewhere", async () => {
  const { token } = await enterpriseToken();
  const ip = freshIp();
  const { limit } = LIMITS.apiTokenFailuresPerAddress;
  for (let i = 0; i < limit; i++) expect(await outcome(`tkt_${String(i).padStart(40, "0")}`, ip)).toEqual(invalid);
  const throttled = { code: "rate_limited", message: API_TOKEN_THROTTLED, retryAfter: expect.any(Number) };
  expect(await outcome(`tkt_${"9".repeat(40)}`, ip)).toEqual(throttled);
  expect(await outcome(token, ip)).toEqual(throttled);
  expect((await outcome(token, freshIp())).caller).toBeDefined();
});

it("good calls never count against the address", async () => {
  const { token } = await enterpriseToken();
  const ip = freshIp();
  const { limit } = LIMITS.apiTokenFailuresPerAddress;
  for (let i = 0; i < limit + 5; i++) expect((await outcome(token, ip)).caller).toBeDefined();
  expect(await db.rateLimitBucket.count({ where: { key: { contains: ip } } })).toBe(0);
});

it("keeps only the hash: the secret itself opens nothing when its hash is changed", async () => {
  const { id, token } = await enterpriseToken();
  expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).secretHash).toBe(hashToken(token));
  await db.apiToken.update({ where: { id }, data: { secretHash: hashToken(`${token}-other`) } });
  expect(await outcome(token, freshIp())).toEqual(invalid);
});
