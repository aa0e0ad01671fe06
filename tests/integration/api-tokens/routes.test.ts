import { DELETE as remove } from "@/app/api/api-tokens/[id]/route";
import { GET as list, POST as create } from "@/app/api/api-tokens/route";
import type { Plan } from "@/generated/prisma/enums";
import { hashToken } from "@/lib/auth/tokens";
import {
  API_TOKEN_EXPIRY_INVALID,
  API_TOKEN_EXPIRY_PAST,
  API_TOKEN_EXPIRY_TOO_FAR,
  API_TOKEN_NAME_REQUIRED,
  API_TOKEN_SCOPE_REPEATED,
  API_TOKEN_SCOPE_UNKNOWN,
  API_TOKEN_SCOPES_REQUIRED,
} from "@/lib/schemas/api-tokens";
import { API_TOKEN_LIMIT, API_TOKEN_LIMIT_REACHED } from "@/lib/services/api-tokens/tokens";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";

// API tokens: admins of Enterprise organisations create, list and revoke them; the secret is in
// the creation's answer only and the database keeps its hash; agents and customers nothing;
// lower plans are refused; every id names a token of the admin's own organisation.

type User = { id: string; sessionVersion: number };
const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};

const post = async (user: User | null, body: unknown) =>
  readJson(await create(makeRequest("/api/api-tokens", { method: "POST", body, headers: await as(user) }), params()));
const get = async (user: User | null) =>
  readJson(await list(makeRequest("/api/api-tokens", { headers: await as(user) }), params()));
const revoke = async (user: User | null, id: string) => {
  const res = await remove(
    makeRequest(`/api/api-tokens/${id}`, { method: "DELETE", headers: await as(user) }),
    params({ id }),
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
};

const contract = { name: "CRM sync", scopes: ["tickets:read", "tickets:write"], expiresAt: null };
const DAY_MS = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function adminOf(plan: Plan = "enterprise") {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin", { fullName: "Ada Admin" }) };
}
/** A token written straight to the database. */
const tokenRow = (organizationId: string, overrides: { name?: string; revokedAt?: Date; expiresAt?: Date } = {}) =>
  db.apiToken.create({
    data: {
      organizationId,
      name: overrides.name ?? "Seeded",
      prefix: "tkt_Seeded00",
      secretHash: hashToken(`seeded-${Math.random()}`),
      scopes: ["tickets:read"],
      revokedAt: overrides.revokedAt ?? null,
      expiresAt: overrides.expiresAt ?? null,
    },
  });
const issueMessages = (body: Record<string, unknown>) =>
  (body.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]);

beforeAll(() => resetDatabase());

describe("POST /api/api-tokens", () => {
  it("answers the contract's 201 with the secret this once, stores only its hash, and records it", async () => {
    const { org, admin } = await adminOf();
    const res = await post(admin, contract);
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        token: expect.stringMatching(/^tkt_[0-9A-Za-z]{40}$/),
        name: "CRM sync",
        prefix: expect.any(String),
        scopes: ["tickets:read", "tickets:write"],
        createdAt: expect.any(String),
        createdBy: { id: admin.id, fullName: "Ada Admin" },
        expiresAt: null,
        lastUsedAt: null,
        lastUsedIp: null,
      },
    });
    const token = res.body.token as string;
    expect(res.body.prefix).toBe(token.slice(0, 12));
    const stored = await db.apiToken.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored.secretHash).toBe(hashToken(token));
    // Nowhere in the row is the secret itself, nor its random part beyond what the list shows.
    expect(JSON.stringify(stored)).not.toContain(token.slice(12));
    expect(stored.organizationId).toBe(org.id);
    const listed = await get(admin);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(12));
    const event = await db.auditEvent.findFirstOrThrow({ where: { targetId: stored.id, action: "api_token.created" } });
    expect(event).toMatchObject({ organizationId: org.id, actorId: admin.id, metadata: { name: "CRM sync" } });
  });

  it("makes a new secret every time", async () => {
    const { admin } = await adminOf();
    const [a, b] = await Promise.all([post(admin, contract), post(admin, contract)]);
    expect(a.body.token).not.toBe(b.body.token);
    expect(a.body.prefix).not.toBe(b.body.prefix);
  });

  it("trims the name, takes an expiry within two years, and leaves expiresAt out as null", async () => {
    const { admin } = await adminOf();
    const expiresAt = inDays(30);
    const res = await post(admin, { name: "  Status page  ", scopes: ["tickets:read"], expiresAt });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Status page", expiresAt });
    expect((await post(admin, { name: "No expiry", scopes: ["users:read"] })).body).toMatchObject({ expiresAt: null });
    expect((await post(admin, { ...contract, expiresAt: inDays(729) })).status).toBe(201);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["a missing name", { name: undefined }, "name", API_TOKEN_NAME_REQUIRED],
    ["a blank name", { name: "   " }, "name", API_TOKEN_NAME_REQUIRED],
    ["a name of 81 characters", { name: "x".repeat(81) }, "name", "Name must be at most 80 characters"],
    ["a name with a line break", { name: "a\nb" }, "name", "Must be a single line without control characters"],
    ["no scopes", { scopes: [] }, "scopes", API_TOKEN_SCOPES_REQUIRED],
    ["scopes missing", { scopes: undefined }, "scopes", API_TOKEN_SCOPES_REQUIRED],
    ["an unknown scope", { scopes: ["tickets:delete"] }, "scopes.0", API_TOKEN_SCOPE_UNKNOWN],
    ["a scope twice", { scopes: ["tickets:read", "tickets:read"] }, "scopes", API_TOKEN_SCOPE_REPEATED],
    ["an expiry that is not a time", { expiresAt: "next week" }, "expiresAt", API_TOKEN_EXPIRY_INVALID],
    ["an expiry without its offset", { expiresAt: "2027-01-01T00:00:00" }, "expiresAt", API_TOKEN_EXPIRY_INVALID],
    ["an expiry that is a number", { expiresAt: 1_900_000_000_000 }, "expiresAt", API_TOKEN_EXPIRY_INVALID],
    ["an expiry in the past", { expiresAt: inDays(-1) }, "expiresAt", API_TOKEN_EXPIRY_PAST],
    ["an expiry beyond two years", { expiresAt: inDays(731) }, "expiresAt", API_TOKEN_EXPIRY_TOO_FAR],
  ])("refuses %s with 400 and says why", async (_, overrides, path, message) => {
    const { org, admin } = await adminOf();
    const res = await post(admin, { ...contract, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(issueMessages(res.body)).toContainEqual([path, message]);
    expect(await db.apiToken.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it(`holds at most ${API_TOKEN_LIMIT} live tokens, counted under the organisation's lock; revoked and expired ones do not count`, async () => {
    const { org, admin } = await adminOf();
    for (let i = 0; i < API_TOKEN_LIMIT - 2; i++) await tokenRow(org.id);
    await tokenRow(org.id, { revokedAt: new Date() });
    const expired = await tokenRow(org.id);
    await db.apiToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const answers = await Promise.all([post(admin, contract), post(admin, contract), post(admin, contract)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toEqual({
      code: "bad_request",
      error: API_TOKEN_LIMIT_REACHED,
    });
    const live = await db.apiToken.count({
      where: { organizationId: org.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    });
    expect(live).toBe(API_TOKEN_LIMIT);
  });

  it("is for admins: agents and customers get 403, nobody signed in 401", async () => {
    const { org, admin } = await adminOf();
    expect((await post(await createUser(org.id, "agent"), contract)).status).toBe(403);
    expect((await post(await createUser(org.id, "end_user"), contract)).status).toBe(403);
    expect((await post(null, contract)).status).toBe(401);
    expect(await db.apiToken.count({ where: { organizationId: org.id } })).toBe(0);
    expect((await post(await createUser(org.id, "platform_admin"), contract)).status).toBe(201);
    expect((await post(admin, contract)).status).toBe(201);
  });
});

describe("GET /api/api-tokens", () => {
  it("lists the organisation's tokens newest first with creator and last use, never revoked ones or another organisation's", async () => {
    const { org, admin } = await adminOf();
    const older = await post(admin, { ...contract, name: "Older" });
    await post(admin, { name: "Newer", scopes: ["ratings:read"], expiresAt: inDays(10) });
    const gone = await post(admin, { ...contract, name: "Gone" });
    await revoke(admin, gone.body.id as string);
    const usedAt = new Date("2026-12-01T10:00:00.000Z");
    await db.apiToken.update({
      where: { id: older.body.id as string },
      data: { lastUsedAt: usedAt, lastUsedIp: "203.0.113.9" },
    });
    const { admin: otherAdmin } = await adminOf();
    await post(otherAdmin, { ...contract, name: "Theirs" });

    const res = await get(admin);
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(API_TOKEN_LIMIT);
    const tokens = res.body.tokens as Record<string, unknown>[];
    expect(tokens.map((t) => t.name)).toEqual(["Newer", "Older"]);
    expect(tokens[1]).toEqual({
      id: older.body.id,
      name: "Older",
      prefix: older.body.prefix,
      scopes: ["tickets:read", "tickets:write"],
      createdAt: older.body.createdAt,
      createdBy: { id: admin.id, fullName: "Ada Admin" },
      expiresAt: null,
      lastUsedAt: usedAt.toISOString(),
      lastUsedIp: "203.0.113.9",
    });
    expect(tokens.some((t) => "token" in t || "secretHash" in t)).toBe(false);
    expect(await db.apiToken.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it("keeps a token whose creator is gone, without a creator", async () => {
    const { org, admin } = await adminOf();
    const other = await createUser(org.id, "org_admin");
    await post(other, contract);
    await db.user.delete({ where: { id: other.id } });
    const tokens = (await get(admin)).body.tokens as Record<string, unknown>[];
    expect(tokens).toMatchObject([{ name: "CRM sync", createdBy: null }]);
  });

  it("is for admins", async () => {
    const { org } = await adminOf();
    expect((await get(await createUser(org.id, "agent"))).status).toBe(403);
    expect((await get(await createUser(org.id, "end_user"))).status).toBe(403);
    expect((await get(null)).status).toBe(401);
  });
});

describe("DELETE /api/api-tokens/{id}", () => {
  it("revokes the token (204), drops it from the list and records it", async () => {
    const { org, admin } = await adminOf();
    const created = await post(admin, contract);
    const id = created.body.id as string;
    expect(await revoke(admin, id)).toEqual({ status: 204, body: null });
    const stored = await db.apiToken.findUniqueOrThrow({ where: { id } });
    expect(stored.revokedAt).toBeInstanceOf(Date);
    expect((await get(admin)).body.tokens).toEqual([]);
    const event = await db.auditEvent.findFirstOrThrow({ where: { targetId: id, action: "api_token.revoked" } });
    expect(event).toMatchObject({ organizationId: org.id, actorId: admin.id, metadata: { name: "CRM sync" } });
    // Revoking twice: it is no longer there to revoke.
    expect((await revoke(admin, id)).status).toBe(404);
  });

  it("another organisation's token or an unknown id is a 404 and stays live", async () => {
    const { admin } = await adminOf();
    const { admin: otherAdmin } = await adminOf();
    const theirs = await post(otherAdmin, contract);
    const res = await revoke(admin, theirs.body.id as string);
    expect(res).toEqual({ status: 404, body: { code: "not_found", error: "API token not found" } });
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: theirs.body.id as string } })).revokedAt).toBeNull();
    expect((await revoke(admin, "no-such-token")).status).toBe(404);
  });

  it("is for admins: agents and customers get 403 and the token stays live", async () => {
    const { org, admin } = await adminOf();
    const id = (await post(admin, contract)).body.id as string;
    expect((await revoke(await createUser(org.id, "agent"), id)).status).toBe(403);
    expect((await revoke(await createUser(org.id, "end_user"), id)).status).toBe(403);
    expect((await revoke(null, id)).status).toBe(401);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });
});

describe("plan gate", () => {
  it.each(["free", "starter", "pro"] as const)("%s: every method is refused with 403 plan_required", async (plan) => {
    const { org, admin } = await adminOf(plan);
    const seeded = await tokenRow(org.id);
    const refused = { status: 403, body: { code: "plan_required", error: expect.stringContaining("Enterprise") } };
    expect(await post(admin, contract)).toMatchObject(refused);
    expect(await get(admin)).toMatchObject(refused);
    expect(await revoke(admin, seeded.id)).toMatchObject(refused);
    expect(await db.apiToken.count({ where: { organizationId: org.id } })).toBe(1);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: seeded.id } })).revokedAt).toBeNull();
  });
});
