import fc from "fast-check";
import { PASSWORD } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { invoke } from "./discover";
import { ROUTE_TABLE, uniqueTag, type RouteEntry } from "./route-table";
import { cookieOf, createWorld, secretsOf, setUpWorld, snapshotTenant, type World } from "./world";
import { signedHeaders, signedInboundMail } from "../helpers/inbound-webhook";
import { signWebhookBody } from "@/lib/services/mail/inbound/webhook";
import { KB_ARTICLE_REQUEST_MAX_BYTES } from "@/lib/schemas/kb-api";
import {
  TARGETS,
  baseCall as baseCallOf,
  callerOf,
  expectNoServerError as expectNoServerErrorOf,
  headersFor as headersOf,
  key,
} from "./hostile-calls";

// Hostile input: every route that takes a body or a query gets property-based garbage (fixed
// seed, bounded runs), malformed JSON, a wrong content type and an oversize body. Never a 500;
// every refusal is a 4xx with { "error": string }. Extra fields that a caller must not set
// (organizationId, role, passwordHash, isActive, ...) never change anything.

const SEED = 20261122;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);

let world: World;
setUpWorld((created) => (world = created));

const headersFor = (caller: ReturnType<typeof callerOf>) => headersOf(world, caller);
const baseCall = (entry: RouteEntry) => baseCallOf(world, entry);
const expectNoServerError = async (...args: Parameters<typeof expectNoServerErrorOf>) =>
  (await expectNoServerErrorOf(...args)).status;

// Values nobody should send: wrong types, empty, huge, odd unicode, markup, nesting, prototype keys.
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.string({ unit: "grapheme", maxLength: 64 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uD800",
    "\u202E",
    "null",
    "undefined",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00",
    "${7*7}",
    "{{7*7}}",
    "a".repeat(5_000),
    "😀".repeat(3_000),
    "x@y",
    "a@b.c",
    "0",
    "-1",
    "9".repeat(400),
  ),
);
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 5 }),
  fc.dictionary(
    fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "a"),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 3 },
  ),
);

const FORBIDDEN_FIELDS = [
  "organizationId",
  "role",
  "passwordHash",
  "isActive",
  "sessionVersion",
  "id",
  "userId",
  "authorId",
  "authorType",
  "createdById",
  "ticketNumber",
  "plan",
  "email",
  "customerEmail",
];
const PROTO_KEYS = ["__proto__", "constructor", "prototype"];

/** JSON text of an object with exactly these own keys (so "__proto__" is sent as a real key). */
function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v === undefined ? null : v)}`).join(",")}}`;
}

/** A valid body with fields removed, replaced by garbage and extra fields added. */
function mutatedBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  return fc
    .record({
      drop: fc.subarray(keys),
      replace: fc.array(fc.tuple(keys.length ? fc.constantFrom(...keys) : fc.constant("x"), nasty), { maxLength: 3 }),
      extra: fc.array(fc.tuple(fc.constantFrom(...FORBIDDEN_FIELDS, ...PROTO_KEYS), nasty), { maxLength: 3 }),
    })
    .map(({ drop, replace, extra }) => {
      const fields = new Map<string, unknown>(Object.entries(base).filter(([k]) => !drop.includes(k)));
      for (const [k, v] of replace) fields.set(k, v);
      for (const [k, v] of extra) fields.set(k, v);
      return objectText([...fields]);
    });
}

/** Routes that take more than the usual 64 KB of JSON (an article's body), and how much. */
const LARGER_BODIES: Record<string, number> = {
  "POST /api/kb/articles": KB_ARTICLE_REQUEST_MAX_BYTES,
  "PATCH /api/kb/articles/[id]": KB_ARTICLE_REQUEST_MAX_BYTES,
  "POST /api/kb/preview": KB_ARTICLE_REQUEST_MAX_BYTES,
};
/** Padding that takes a body past its route's limit. */
const oversizeOf = (entry: RouteEntry) => (LARGER_BODIES[key(entry)] ?? 64 * 1024) + 6 * 1024;

const withBody = TARGETS.filter((e) => e.method !== "GET");
const withQuery = TARGETS.filter((e) => e.method === "GET");
const withParams = TARGETS.filter((e) => e.route.includes("["));

describe.each(withBody.map((e) => [e.label, e] as const))("hostile body: %s", (_, entry) => {
  const caller = callerOf(entry);

  it("never answers property-based garbage with a 5xx", async () => {
    const base = await baseCall(entry);
    const bodyArb =
      base.body && typeof base.body === "object" && !Array.isArray(base.body)
        ? fc.oneof(
            mutatedBody(base.body as Record<string, unknown>),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          )
        : fc.jsonValue().map((v) => JSON.stringify(v));
    await fc.assert(
      fc.asyncProperty(bodyArb, async (rawBody) => {
        const call = await baseCall(entry);
        await expectNoServerError(
          entry,
          { ...call, body: undefined, rawBody, headers: { ...call.headers, "content-type": "application/json" } },
          await headersFor(caller),
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("answers malformed JSON, a wrong content type and an oversize body with the matching 4xx", async () => {
    const call = await baseCall(entry);
    const takesBody = call.body !== undefined;
    for (const rawBody of ['{"subject":', "{subject: 1}", "[", "{'a':1}", "NaN", "\u0000", "{}}", '{"a":1,}']) {
      const status = await expectNoServerError(
        entry,
        { ...call, body: undefined, rawBody, headers: { ...call.headers, "content-type": "application/json" } },
        await headersFor(caller),
      );
      if (takesBody) expect({ rawBody, status }).toEqual({ rawBody, status: 400 });
    }
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "text/json",
    ]) {
      const status = await expectNoServerError(
        entry,
        {
          ...call,
          body: undefined,
          rawBody: JSON.stringify(call.body ?? {}),
          headers: { ...call.headers, "content-type": type },
        },
        await headersFor(caller),
      );
      if (takesBody) expect({ type, status }).toEqual({ type, status: 415 });
    }
    const huge = JSON.stringify({ ...(call.body as object), padding: "x".repeat(oversizeOf(entry)) });
    const status = await expectNoServerError(
      entry,
      { ...call, body: undefined, rawBody: huge, headers: { ...call.headers, "content-type": "application/json" } },
      await headersFor(caller),
    );
    if (takesBody) expect(status).toBe(413);
  });
});

describe.each(withQuery.map((e) => [e.label, e] as const))("hostile query: %s", (_, entry) => {
  it("never answers property-based query strings with a 5xx", async () => {
    const names = [
      "limit",
      "cursor",
      "q",
      "view",
      "status",
      "priority",
      "email",
      "token",
      "organizationId",
      "__proto__",
      "constructor",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })),
          nastyString.filter((s) => s.length < 2_000),
          { maxKeys: 4 },
        ),
        async (query) => {
          const call = await baseCall(entry);
          await expectNoServerError(
            entry,
            { ...call, query: { ...call.query, ...query } },
            await headersFor(callerOf(entry)),
          );
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe.each(withParams.map((e) => [e.label, e] as const))("hostile path segment: %s", (_, entry) => {
  it("never answers odd ids with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        nastyString.filter((s) => s.length < 2_000),
        async (value) => {
          const call = await baseCall(entry);
          const params = Object.fromEntries(Object.keys(call.params ?? {}).map((k) => [k, value]));
          const status = await expectNoServerError(entry, { ...call, params }, await headersFor(callerOf(entry)));
          expect(status).not.toBe(200);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/** Fields the route may legitimately take although its table call does not send them. */
const ACCEPTED_EXTRAS: Record<string, string[]> = {
  "POST /api/tickets": ["customerEmail"],
  "PATCH /api/users/[id]": ["isActive", "role"],
  "POST /api/team-invites": ["role"],
};

describe.each(withBody.map((e) => [e.label, e] as const))("fields a caller must not set: %s", (_, entry) => {
  it("ignores organizationId, role, passwordHash, isActive and friends in the body", async () => {
    // A fresh world: the garbage above may have used up an invitation or changed a password.
    world = await createWorld();
    const started = new Date();
    const call = await baseCall(entry);
    if (!call.body || typeof call.body !== "object") return;
    const actorId =
      callerOf(entry) === "portal" || callerOf(entry) === "anonymous" || callerOf(entry) === "api-token"
        ? world.a.users.agent.id
        : (world.a.users as Record<string, { id: string }>)[callerOf(entry)]!.id;
    const userBefore = await db.user.findUniqueOrThrow({
      where: { id: actorId },
      select: { role: true, organizationId: true, isActive: true, passwordHash: true },
    });
    const foreignBefore = await snapshotTenant(world.b.org.id);
    const injected: Record<string, unknown> = {
      organizationId: world.b.org.id,
      role: "platform_admin",
      passwordHash: "injected-hash",
      isActive: false,
      sessionVersion: 999,
      id: "injected-id",
      authorId: world.b.users.agent.id,
      authorType: "agent",
      createdById: world.b.users.org_admin.id,
      ticketNumber: 424242,
      plan: "enterprise",
      customerEmail: "injected@evil.test",
    };
    const allowed = [...Object.keys(call.body), ...(ACCEPTED_EXTRAS[key(entry)] ?? [])];
    const extras = Object.entries(injected).filter(([k]) => !allowed.includes(k));
    const rawBody = objectText([
      ...Object.entries(call.body as Record<string, unknown>),
      ...extras,
      ["__proto__", { isAdmin: true, role: "platform_admin" }],
    ]);
    const res = await invoke(
      entry.route,
      entry.method,
      { ...call, body: undefined, rawBody, headers: { ...call.headers, "content-type": "application/json" } },
      await headersFor(callerOf(entry)),
    );
    const text = await res.text();
    expect({ status: res.status, ok: res.ok }).toEqual({ status: res.status, ok: true });
    const userAfter = await db.user.findUniqueOrThrow({
      where: { id: actorId },
      select: { role: true, organizationId: true, isActive: true, passwordHash: true },
    });
    const changesPassword = entry.route === "/api/users/password" || entry.route === "/api/auth/reset-password";
    expect({ ...userAfter, passwordHash: changesPassword ? "-" : userAfter.passwordHash }).toEqual({
      ...userBefore,
      passwordHash: changesPassword ? "-" : userBefore.passwordHash,
    });
    expect(await snapshotTenant(world.b.org.id)).toEqual(foreignBefore);
    for (const marker of ["injected-hash", "injected-id", "injected@evil.test", "424242", ...secretsOf(world.b)])
      expect({ marker, found: text.includes(marker) }).toEqual({ marker, found: false });
    expect(await db.user.count({ where: { role: "platform_admin", createdAt: { gte: started } } })).toBe(0);
    expect(await db.ticket.count({ where: { ticketNumber: 424242 } })).toBe(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe("a customer files tickets only as themself", () => {
  it("POST /api/tickets by an end user ignores another customer's name and email and a chosen status", async () => {
    world = await createWorld();
    const victim = world.a.users.agent.email;
    const res = await invoke(
      "/api/tickets",
      "POST",
      {
        body: {
          subject: "Hello",
          description: "d",
          customerEmail: victim,
          customerName: "Someone Else",
          status: "resolved",
        },
      },
      await cookieOf(world, "end_user"),
    );
    expect(res.status).toBe(201);
    const ticket = (await res.json()) as { id: string };
    const stored = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect({ email: stored.customerEmail, name: stored.customerName, status: stored.status }).toEqual({
      email: world.a.users.end_user.email,
      name: world.a.users.end_user.fullName,
      status: "open",
    });
  });

  it("staff still open tickets for any customer", async () => {
    const res = await invoke(
      "/api/tickets",
      "POST",
      {
        body: { subject: "Phone call", description: "d", customerEmail: "caller@example.test", customerName: "Caller" },
      },
      await cookieOf(world, "agent"),
    );
    expect(((await res.json()) as { customerEmail: string }).customerEmail).toBe("caller@example.test");
  });
});

describe("a customer cannot take over another customer's tickets", () => {
  it("an end user cannot switch their email to another customer's (their tickets would follow)", async () => {
    world = await createWorld();
    const due = new Date(Date.now() + 86_400_000);
    const victimEmail = `victim-${uniqueTag()}@example.test`;
    await db.ticket.create({
      data: {
        organizationId: world.a.org.id,
        ticketNumber: 99,
        subject: "Victim's private matter",
        description: "d",
        customerName: "V",
        customerEmail: victimEmail,
        firstResponseDueAt: due,
        resolutionDueAt: due,
        slaRiskAt: due,
      },
    });
    const res = await invoke(
      "/api/users/profile",
      "PATCH",
      { body: { fullName: "Casey", email: victimEmail } },
      await cookieOf(world, "end_user"),
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
    const list = await invoke("/api/tickets", "GET", {}, await cookieOf(world, "end_user"));
    expect(await list.text()).not.toContain("Victim's private matter");
    // The name can still change, and staff may change their own address.
    expect(
      (
        await invoke(
          "/api/users/profile",
          "PATCH",
          { body: { fullName: "Casey Renamed", email: world.a.users.end_user.email } },
          await cookieOf(world, "end_user"),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await invoke(
          "/api/users/profile",
          "PATCH",
          { body: { fullName: "Agent", email: `agent-${uniqueTag()}@example.test`, currentPassword: PASSWORD } },
          await cookieOf(world, "agent"),
        )
      ).status,
    ).toBe(200);
  });
});

describe("the inbound mail webhook refuses what it cannot trust", () => {
  const ROUTE = "/api/inbound/email";
  const entry = ROUTE_TABLE.find((e) => e.route === ROUTE)!;
  const send = async (rawBody: string | undefined, headers: Record<string, string>) => {
    const res = await invoke(ROUTE, "POST", { rawBody, headers }, await headersFor("anonymous"));
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code };
  };
  const stored = () => db.inboundMessage.count();

  it("accepts a signed message once; the same signed request again is a replay (409)", async () => {
    const { rawBody, headers } = await signedInboundMail(world.a.supportEmail, uniqueTag());
    const before = await stored();
    expect(await send(rawBody, headers)).toEqual({ status: 202, code: undefined });
    expect(await send(rawBody, headers)).toEqual({ status: 409, code: "conflict" });
    expect(await stored()).toBe(before + 1);
    expect(entry.ok).toBe(202);
  });

  it("refuses a bad or missing signature and a timestamp outside five minutes, storing nothing", async () => {
    const { rawBody, headers } = await signedInboundMail(world.a.supportEmail, uniqueTag());
    const before = await stored();
    const otherKey = {
      ...headers,
      "x-ticketry-signature": signWebhookBody("wrong-secret", headers["x-ticketry-timestamp"], Buffer.from(rawBody)),
    };
    expect(await send(rawBody, otherKey)).toEqual({ status: 401, code: "unauthorized" });
    expect(await send(`${rawBody}tampered`, headers)).toEqual({ status: 401, code: "unauthorized" });
    expect(await send(rawBody, { "content-type": "message/rfc822" })).toEqual({ status: 401, code: "unauthorized" });
    expect(await send(rawBody, { ...headers, "x-ticketry-signature": "sha256=nothex" })).toEqual({
      status: 401,
      code: "unauthorized",
    });
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    expect(await send(rawBody, signedHeaders(rawBody, old))).toEqual({ status: 401, code: "unauthorized" });
    const future = Math.floor(Date.now() / 1000) + 6 * 60;
    expect(await send(rawBody, signedHeaders(rawBody, future))).toEqual({ status: 401, code: "unauthorized" });
    expect(await stored()).toBe(before);
  });

  it("refuses an oversize message (413), another content type (415) and an empty body (400)", async () => {
    process.env.INBOUND_MAX_MESSAGE_BYTES = "4096";
    try {
      const big = `To: ${world.a.supportEmail.email}\r\n\r\n${"x".repeat(5000)}`;
      expect(await send(big, signedHeaders(big))).toEqual({ status: 413, code: "payload_too_large" });
    } finally {
      delete process.env.INBOUND_MAX_MESSAGE_BYTES;
    }
    const { rawBody } = await signedInboundMail(world.a.supportEmail, uniqueTag());
    expect(await send(rawBody, { ...signedHeaders(rawBody), "content-type": "application/json" })).toEqual({
      status: 415,
      code: "unsupported_media_type",
    });
    expect(await send("", signedHeaders(""))).toEqual({ status: 400, code: "bad_request" });
  });

  it("answers garbage MIME with a 4xx or stores it for ingestion, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (garbage) => {
        const rawBody = `${garbage}\r\nTo: ${world.a.supportEmail.email}\r\n\r\n${garbage}`;
        const { status } = await send(rawBody, signedHeaders(rawBody));
        expect([202, 400, 404, 409]).toContain(status);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const nobody = "Subject: nobody\r\n\r\nno recipient at all";
    expect(await send(nobody, signedHeaders(nobody))).toEqual({ status: 400, code: "bad_request" });
    const stranger = "To: nobody@nowhere.test\r\n\r\nhello";
    expect(await send(stranger, signedHeaders(stranger))).toEqual({ status: 404, code: "not_found" });
  });

  it("does not exist without INBOUND_WEBHOOK_SECRET (404)", async () => {
    const { rawBody, headers } = await signedInboundMail(world.a.supportEmail, uniqueTag());
    const secret = process.env.INBOUND_WEBHOOK_SECRET;
    delete process.env.INBOUND_WEBHOOK_SECRET;
    try {
      expect(await send(rawBody, headers)).toEqual({ status: 404, code: "not_found" });
    } finally {
      process.env.INBOUND_WEBHOOK_SECRET = secret;
    }
  });
});
