import { PASSWORD } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { startSmtp } from "../helpers/smtp";
import { discoverRoutes, invoke } from "./discover";
import { ROUTE_TABLE, uniqueTag, type Call, type PortalActor, type RouteEntry } from "./route-table";
import {
  ACTOR_ROLE,
  ACTORS,
  awayOf,
  cookieOf,
  createWorld,
  homeOf,
  secretsOf,
  snapshotTenant,
  type Actor,
  type Tenant,
  type World,
} from "./world";
import { anyErrorBody } from "../helpers/error-body";
import { SECRET_KEYS as SHARED_SECRET_KEYS } from "../../support/secret-keys";
import { portalAuth } from "../helpers/portal-auth";
import { apiTokenOf } from "../helpers/api-token";
import { API_TOKEN_SCOPES } from "@/lib/schemas/api-tokens";

// Authorization matrix: every (route, method) under app/api, called as every actor on its own
// organisation's rows and on a foreign organisation's rows. Expected statuses come from the
// table; a foreign organisation's rows must be byte-identical afterwards and never appear in
// an answer.

const key = (e: { route: string; method: string }) => `${e.method} ${e.route}`;
// Beyond those, no answer the matrix provokes hands out a bare `token`.
const SECRET_KEYS = [...SHARED_SECRET_KEYS, "token"];

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

describe("route table", () => {
  it("declares every route handler and method under app/api, and nothing that does not exist", async () => {
    const discovered = (await discoverRoutes()).map(key).sort();
    const declared = ROUTE_TABLE.map(key).sort();
    expect(discovered.filter((k) => !declared.includes(k))).toEqual([]);
    expect(declared.filter((k) => !discovered.includes(k))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("the tenant snapshot sees a change to any of the organisation's rows", async () => {
    const world = await createWorld();
    const before = await snapshotTenant(world.b.org.id);
    expect(Object.keys(before).length).toBeGreaterThan(8);
    await db.reply.update({ where: { id: world.b.note.id }, data: { content: "changed" } });
    expect(await snapshotTenant(world.b.org.id)).not.toEqual(before);
  });
});

function expectedStatus(entry: RouteEntry, actor: Actor, foreign: boolean): number {
  const ok = typeof entry.ok === "number" ? entry.ok : (entry.ok?.[actor] ?? 200);
  // Neither a portal session nor any session of the workspace opens the public API.
  if (entry.access === "portal" || entry.access === "api-token") return 401;
  if (actor === "anonymous") return entry.access === "public" ? ok : 401;
  if (Array.isArray(entry.access) && !entry.access.includes(ACTOR_ROLE[actor])) return 403;
  if (foreign && !entry.crossTenant?.includes(actor)) return entry.foreign ?? 404;
  return ok;
}

type Outcome = { actor: Actor; target: "own" | "foreign"; status: number; expected: number; body: string };

async function callAs(world: World, entry: RouteEntry, actor: Actor, foreign: boolean): Promise<Outcome> {
  const home = homeOf(world, actor);
  const away = awayOf(world, actor);
  const call: Call = await entry.call({ world, actor, home, target: foreign ? away : home, unique: uniqueTag() });
  const mayTouchAway = foreign && entry.crossTenant?.includes(actor);
  // The caller signs in (a session record of its organisation) before the rows are compared.
  const cookie = await cookieOf(world, actor);
  const awayBefore = await snapshotTenant(away.org.id);
  const homeBefore = await snapshotTenant(home.org.id);
  const res = await invoke(entry.route, entry.method, call, cookie);
  const body = await res.text();
  const expected = expectedStatus(entry, actor, foreign);
  const outcome: Outcome = {
    actor,
    target: foreign ? "foreign" : "own",
    status: res.status,
    expected,
    body: body.slice(0, 300),
  };

  if (!mayTouchAway)
    expect({ ...outcome, awayRows: await snapshotTenant(away.org.id) }).toEqual({ ...outcome, awayRows: awayBefore });
  if (res.status >= 400) {
    expect(JSON.parse(body)).toEqual(anyErrorBody());
    expect({ ...outcome, homeRows: await snapshotTenant(home.org.id) }).toEqual({ ...outcome, homeRows: homeBefore });
  } else {
    if (!entry.crossTenant?.includes(actor)) {
      const leaked = secretsOf(away).filter((secret) => body.includes(secret));
      expect({ ...outcome, leaked }).toEqual({ ...outcome, leaked: [] });
    }
    // Secrets stay secret: no hash, session version, password or issued token in any answer.
    const secretKeys = [...body.matchAll(/"([A-Za-z]+)":/g)]
      .map((m) => m[1]!)
      .filter((k) => SECRET_KEYS.includes(k) && !entry.revealsOnce?.includes(k));
    const tokens = [
      PASSWORD,
      ...[world.a, world.b].flatMap((t) => [t.inviteToken, t.portalToken, t.otherEmailPortalToken]),
    ].filter((t) => body.includes(t));
    expect({ ...outcome, secretKeys, tokens }).toEqual({ ...outcome, secretKeys: [], tokens: [] });
  }
  return outcome;
}

describe.each(ROUTE_TABLE.filter((e) => e.access !== "portal").map((e) => [key(e), e] as const))("%s", (_, entry) => {
  it("answers each actor as declared on its own and on foreign rows; foreign rows stay unchanged and unseen", async () => {
    const outcomes: Outcome[] = [];
    let shared: World | undefined;
    for (const actor of ACTORS) {
      // A write may use up its target (an invitation, a deleted row): each actor gets a fresh world.
      const world = entry.method === "GET" ? (shared ??= await createWorld()) : await createWorld();
      if (entry.scoped) outcomes.push(await callAs(world, entry, actor, true));
      outcomes.push(await callAs(world, entry, actor, false));
    }
    expect(
      outcomes.map(({ actor, target, status, body }) => ({
        actor,
        target,
        status,
        ...(status >= 500 ? { body } : {}),
      })),
    ).toEqual(outcomes.map(({ actor, target, expected }) => ({ actor, target, status: expected })));
  });
});

/**
 * Portal callers: a token for the ticket's customer (organisation A), one for another email in
 * A, one for the same kind of customer in B, and none. Each must leave the other organisation's
 * rows alone and never see rows that are not its own (nor any internal note).
 */
const PORTAL_CALLERS: Record<
  PortalActor,
  { token: (w: World) => string | undefined; owner: (w: World) => Tenant; hidden: (w: World) => string[] }
> = {
  portal_own: {
    token: (w) => w.a.portalToken,
    owner: (w) => w.a,
    hidden: (w) => [...secretsOf(w.b), w.a.note.id, w.a.note.content],
  },
  portal_other_email: {
    token: (w) => w.a.otherEmailPortalToken,
    owner: (w) => w.a,
    hidden: (w) => [...secretsOf(w.b), w.a.ticket.id, w.a.ticket.subject, w.a.note.content],
  },
  portal_other_org: {
    token: (w) => w.b.portalToken,
    owner: (w) => w.b,
    hidden: (w) => [...secretsOf(w.a), w.b.note.content],
  },
  portal_none: { token: () => undefined, owner: (w) => w.a, hidden: () => [] },
};

const portalEntries = ROUTE_TABLE.filter((e) => e.portal);

describe.each(portalEntries.map((e) => [key(e), e] as const))("portal token: %s", (_, entry) => {
  it("answers each kind of token as declared; other customers' rows stay unchanged and unseen", async () => {
    const outcomes: { who: PortalActor; status: number; body?: string }[] = [];
    const expected: { who: PortalActor; status: number }[] = [];
    for (const who of Object.keys(PORTAL_CALLERS) as PortalActor[]) {
      const caller = PORTAL_CALLERS[who];
      const world = await createWorld();
      const call = await entry.call({ world, actor: "anonymous", home: world.a, target: world.a, unique: uniqueTag() });
      const protectedTenant = caller.owner(world) === world.a ? world.b : world.a;
      const before = await snapshotTenant(protectedTenant.org.id);
      const token = caller.token(world);
      // A session is sent as the cookie of its own organisation's portal, as a browser holds it.
      const slug = caller.owner(world).org.slug;
      const auth = token ? portalAuth(slug, token) : { "x-portal-org": slug };
      const res = await invoke(entry.route, entry.method, call, auth);
      const body = await res.text();
      outcomes.push({ who, status: res.status, ...(res.status >= 500 ? { body } : {}) });
      expected.push({ who, status: entry.portal![who] ?? 200 });
      expect({ who, rows: await snapshotTenant(protectedTenant.org.id) }).toEqual({ who, rows: before });
      if (res.ok)
        expect({ who, seen: caller.hidden(world).filter((s) => body.includes(s)) }).toEqual({ who, seen: [] });
      else expect(JSON.parse(body)).toEqual(anyErrorBody());
    }
    expect(outcomes).toEqual(expected);
  });
});

describe("a portal token opens no workspace route", () => {
  const sessionOnly = ROUTE_TABLE.filter((e) => e.access !== "public" && e.access !== "portal" && !e.portal);
  let world: World;
  beforeAll(async () => {
    world = await createWorld();
  });
  it.each(sessionOnly.map((e) => [key(e), e] as const))("%s answers a portal session with 401", async (_, entry) => {
    const call = await entry.call({ world, actor: "anonymous", home: world.a, target: world.a, unique: uniqueTag() });
    const before = await snapshotTenant(world.a.org.id);
    const res = await invoke(entry.route, entry.method, call, portalAuth(world.a.org.slug, world.a.portalToken));
    expect(res.status).toBe(401);
    expect(await snapshotTenant(world.a.org.id)).toEqual(before);
  });
});

/**
 * API tokens: a token of the organisation holding the route's scope, on its own organisation's
 * rows and on another's; one without the scope; a revoked and an expired one. The other
 * organisation's rows stay unchanged and unseen.
 */
describe.each(ROUTE_TABLE.filter((e) => e.access === "api-token").map((e) => [key(e), e] as const))(
  "API token: %s",
  (_, entry) => {
    it("answers each kind of token as declared; the other organisation's rows stay unchanged and unseen", async () => {
      const world = await createWorld();
      const scope = entry.scope!;
      const withScope = await apiTokenOf(world.a.org.id, [scope]);
      const otherScope = await apiTokenOf(world.a.org.id, [API_TOKEN_SCOPES.find((s) => s !== scope)!]);
      const revoked = await apiTokenOf(world.a.org.id, [scope]);
      await db.apiToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
      const expired = await apiTokenOf(world.a.org.id, [scope]);
      await db.apiToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await apiTokenOf(world.b.org.id, [scope]);
      const ok = typeof entry.ok === "number" ? entry.ok : 200;
      const cases = [
        { who: "with the scope", headers: withScope.headers, target: world.a, expected: ok },
        ...(entry.scoped
          ? [
              {
                who: "on another organisation",
                headers: withScope.headers,
                target: world.b,
                expected: entry.foreign ?? 404,
              },
            ]
          : []),
        { who: "without the scope", headers: otherScope.headers, target: world.a, expected: 403 },
        { who: "revoked", headers: revoked.headers, target: world.a, expected: 401 },
        { who: "expired", headers: expired.headers, target: world.a, expected: 401 },
      ];
      const outcomes: { who: string; status: number; body?: string }[] = [];
      for (const { who, headers, target } of cases) {
        const call = await entry.call({ world, actor: "org_admin", home: world.a, target, unique: uniqueTag() });
        const before = await snapshotTenant(world.b.org.id);
        // An address per route: every route's revoked and expired tokens together would pass the
        // limit of failed token look-ups one address has, and the later routes would see 429.
        const address = `10.1.${ROUTE_TABLE.indexOf(entry) % 256}.3`;
        const res = await invoke(entry.route, entry.method, call, { ...headers, "x-forwarded-for": address });
        const body = await res.text();
        outcomes.push({ who, status: res.status, ...(res.status >= 500 ? { body } : {}) });
        expect({ who, rows: await snapshotTenant(world.b.org.id) }).toEqual({ who, rows: before });
        if (res.ok)
          expect({ who, seen: secretsOf(world.b).filter((x) => body.includes(x)) }).toEqual({ who, seen: [] });
        else expect(JSON.parse(body)).toEqual(anyErrorBody());
      }
      expect(outcomes).toEqual(cases.map(({ who, expected }) => ({ who, status: expected })));
    });
  },
);

describe("an API token opens no workspace route", () => {
  const sessionOnly = ROUTE_TABLE.filter((e) => e.access !== "public" && e.access !== "api-token");
  let world: World;
  let headers: Record<string, string>;
  beforeAll(async () => {
    world = await createWorld();
    headers = (await apiTokenOf(world.a.org.id, API_TOKEN_SCOPES)).headers;
  });
  it.each(sessionOnly.map((e) => [key(e), e] as const))("%s answers a token with 401", async (_, entry) => {
    const call = await entry.call({ world, actor: "anonymous", home: world.a, target: world.a, unique: uniqueTag() });
    const before = await snapshotTenant(world.a.org.id);
    const res = await invoke(entry.route, entry.method, call, headers);
    expect(res.status).toBe(401);
    expect(await snapshotTenant(world.a.org.id)).toEqual(before);
  });
});
