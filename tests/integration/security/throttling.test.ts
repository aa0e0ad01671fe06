import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { clientIp } from "@/lib/http/server/client-ip";
import { forwardedFor, trustedProxies, trustedProxyHops } from "@/lib/http/server/forwarded-for.mjs";
import { LIMITS } from "@/lib/services/rate-limit";
import { PORTAL_LIMITS } from "@/lib/services/portal/access";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { startSmtp } from "../helpers/smtp";
import { invoke } from "./discover";
import type { Method } from "./route-table";

// Throttling: login, register, forgot-password, the mailing list and portal access answer 429
// with Retry-After past their limit; a forged X-Forwarded-For never buys a fresh counter unless
// it came through a trusted proxy (TRUST_PROXY_HOPS, TRUSTED_PROXIES); IPv6 clients count by
// their /64. The counters live in PostgreSQL; the
// two-process proof is tests/e2e/security-servers.spec.ts.

// Up to ~60 real attempts per test, some of them hashing passwords.
jest.setTimeout(60_000);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let orgSlug: string;
beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  orgSlug = (await createOrg("pro")).slug;
});
afterAll(() => smtp.stop());
beforeEach(async () => {
  await db.rateLimitBucket.deleteMany({});
  process.env.TRUST_PROXY_HOPS = "1";
});
afterAll(() => {
  process.env.TRUST_PROXY_HOPS = "1";
});

const u = () => randomUUID().slice(0, 8);
const spoofed = () =>
  `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

type Case = {
  name: string;
  route: string;
  method: Method;
  limit: number;
  windowMs: number;
  /** Body of the i-th attempt; `same` keeps the throttled account fixed, else every attempt differs. */
  body: (i: number, same: string) => unknown;
  /** Per account (vary the address) or per address (vary the account). */
  per: "account" | "address";
};

const CASES: Case[] = [
  {
    name: "login per account",
    route: "/api/login",
    method: "POST",
    ...LIMITS.loginPerAccount,
    per: "account",
    body: (_, same) => ({ email: same, password: "wrong-password" }),
  },
  {
    name: "login per address",
    route: "/api/login",
    method: "POST",
    ...LIMITS.loginPerAddress,
    per: "address",
    body: () => ({ email: `nobody-${u()}@example.test`, password: "wrong-password" }),
  },
  {
    name: "register per address",
    route: "/api/register",
    method: "POST",
    ...LIMITS.registerPerAddress,
    per: "address",
    body: () => ({
      email: `founder-${u()}@example.test`,
      password: "founder-password",
      fullName: "F",
      companyName: `Co ${u()}`,
    }),
  },
  {
    name: "forgot-password per account",
    route: "/api/auth/forgot-password",
    method: "POST",
    ...LIMITS.forgotPerAccount,
    per: "account",
    body: (_, same) => ({ email: same }),
  },
  {
    name: "forgot-password per address",
    route: "/api/auth/forgot-password",
    method: "POST",
    ...LIMITS.forgotPerAddress,
    per: "address",
    body: () => ({ email: `x-${u()}@example.test` }),
  },
  {
    name: "mailing list per address",
    route: "/api/mailing-list",
    method: "POST",
    ...LIMITS.waitlistPerAddress,
    per: "address",
    body: () => ({ email: `fan-${u()}@example.test`, consentGiven: true }),
  },
  {
    name: "portal code checks per customer (organisation and email) per day",
    route: "/api/portal/access",
    method: "POST",
    ...PORTAL_LIMITS.failedChecksPerCustomer,
    per: "account",
    body: (_, same) => ({ org: orgSlug, email: same, code: "12345678" }),
  },
  {
    name: "portal code per address",
    route: "/api/portal/access",
    method: "POST",
    ...PORTAL_LIMITS.codePerAddress,
    per: "address",
    body: () => ({ org: orgSlug, email: `c-${u()}@example.test` }),
  },
  {
    name: "portal code check per address",
    route: "/api/portal/access",
    method: "POST",
    ...PORTAL_LIMITS.verifyPerAddress,
    per: "address",
    body: () => ({ org: orgSlug, email: `c-${u()}@example.test`, code: "12345678" }),
  },
];

async function attempt(c: Case, i: number, same: string, xff: string) {
  const res = await invoke(c.route, c.method, { body: c.body(i, same) }, { "x-forwarded-for": xff });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as { error?: string },
  };
}

function expectThrottled(r: Awaited<ReturnType<typeof attempt>>, windowMs: number) {
  expect(r.status).toBe(429);
  expect(r.body).toEqual({ error: expect.any(String), code: "rate_limited" });
  const seconds = Number(r.retryAfter);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
}

/**
 * Makes `limit` allowed attempts. Past the first two, the counter is advanced in the database
 * (the same row a real attempt increments) so that 50-attempt limits stay quick to test.
 */
async function useUpAllowance(c: Case, same: string, address: (i: number) => string) {
  const allowed: { i: number; throttled: boolean; serverError: boolean }[] = [];
  const record = async (i: number) => {
    const r = await attempt(c, i, same, address(i));
    allowed.push({ i, throttled: r.status === 429, serverError: r.status >= 500 });
  };
  await record(0);
  if (c.limit > 3) {
    const pattern = c.per === "account" ? `%:${same}` : "%:ip:%";
    await db.$executeRaw`UPDATE "RateLimitBucket" SET "count" = "count" + ${c.limit - 2} WHERE "key" LIKE ${pattern}`;
    await record(c.limit - 1);
  } else {
    for (let i = 1; i < c.limit; i++) await record(i);
  }
  expect(allowed).toEqual(allowed.map(({ i }) => ({ i, throttled: false, serverError: false })));
}

describe.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => {
  it(`allows ${c.limit} attempts, then answers 429 with Retry-After`, async () => {
    const same = `target-${u()}@example.test`;
    const fixedAddress = "198.51.100.7";
    await useUpAllowance(c, same, (i) => (c.per === "account" ? `10.${i >> 8}.${i & 255}.1` : fixedAddress));
    expectThrottled(await attempt(c, c.limit, same, c.per === "account" ? "10.250.250.1" : fixedAddress), c.windowMs);
  });

  if (c.per === "address") {
    // The header as scripts/serve.mjs hands it to the app, from a client at `peer`.
    const served = (sent: string, peer: string) => forwardedFor(sent, peer, trustedProxyHops());

    it("is not reset by a forged X-Forwarded-For without a trusted proxy", async () => {
      process.env.TRUST_PROXY_HOPS = "0";
      await useUpAllowance(c, "", () => served(spoofed(), "192.0.2.50"));
      expectThrottled(await attempt(c, c.limit, "", served(spoofed(), "192.0.2.50")), c.windowMs);
      // Another client, at another address, has its own counter.
      expect((await attempt(c, c.limit + 1, "", served(spoofed(), "192.0.2.51"))).status).not.toBe(429);
    });

    it("is not reset by a forged X-Forwarded-For sent straight to the app port, even with TRUST_PROXY_HOPS", async () => {
      process.env.TRUST_PROXY_HOPS = "1";
      await useUpAllowance(c, "", () => served(spoofed(), "192.0.2.60"));
      expectThrottled(await attempt(c, c.limit, "", served(spoofed(), "192.0.2.60")), c.windowMs);
    });

    it("counts an IPv6 client by its /64, whatever address inside it the client uses", async () => {
      process.env.TRUST_PROXY_HOPS = "0";
      const inside = (i: number) => served("", `2001:db8:7:42:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`);
      await useUpAllowance(c, "", inside);
      expectThrottled(await attempt(c, c.limit, "", inside(c.limit)), c.windowMs);
      expect((await attempt(c, c.limit + 1, "", served("", "2001:db8:7:43::1"))).status).not.toBe(429);
    });

    it("behind one trusted proxy, counts the address the proxy saw, whatever the client prepended", async () => {
      process.env.TRUST_PROXY_HOPS = "1";
      const proxy = "127.0.0.1";
      await useUpAllowance(c, "", () => served(`${spoofed()}, ${spoofed()}, 203.0.113.9`, proxy));
      expectThrottled(await attempt(c, c.limit, "", served(`${spoofed()}, 203.0.113.9`, proxy)), c.windowMs);
      // Another real client behind the same proxy has its own counter.
      expect((await attempt(c, c.limit + 1, "", served("203.0.113.10", proxy))).status).not.toBe(429);
    });
  }
});

describe("clientIp", () => {
  const req = (xff?: string) =>
    new NextRequest("http://localhost/api/x", { headers: xff ? { "x-forwarded-for": xff } : {} });
  afterEach(() => {
    process.env.TRUST_PROXY_HOPS = "1";
  });

  it("without a trusted proxy, is the peer the server put last; a client's own header never reaches it", () => {
    process.env.TRUST_PROXY_HOPS = "0";
    expect(forwardedFor("1.2.3.4, 5.6.7.8", "192.0.2.1")).toBe("192.0.2.1");
    expect(forwardedFor("1.2.3.4, 5.6.7.8", "127.0.0.1")).toBe("127.0.0.1");
    expect(clientIp(req(forwardedFor("1.2.3.4", "192.0.2.1")))).toBe("192.0.2.1");
    expect(clientIp(req("1.2.3.4, 192.0.2.1"))).toBe("192.0.2.1");
    expect(clientIp(new NextRequest("http://localhost/api/x", { headers: { "x-real-ip": "9.9.9.9" } }))).toBe(
      "unknown",
    );
    delete process.env.TRUST_PROXY_HOPS;
    expect(clientIp(req("1.2.3.4, 192.0.2.1"))).toBe("192.0.2.1");
  });

  it("believes X-Forwarded-For only from TRUSTED_PROXIES (loopback unless configured)", () => {
    process.env.TRUST_PROXY_HOPS = "1";
    delete process.env.TRUSTED_PROXIES;
    expect(forwardedFor("203.0.113.1", "127.0.0.1")).toBe("203.0.113.1, 127.0.0.1");
    expect(forwardedFor("203.0.113.1", "::ffff:127.0.0.1")).toBe("203.0.113.1, ::ffff:127.0.0.1");
    expect(forwardedFor("203.0.113.1", "::1")).toBe("203.0.113.1, ::1");
    expect(forwardedFor("203.0.113.1", "10.0.0.9")).toBe("10.0.0.9");
    expect(forwardedFor("203.0.113.1", "2001:db8::9")).toBe("2001:db8::9");
    try {
      process.env.TRUSTED_PROXIES = "10.0.0.0/8, 2001:db8:ff::/48";
      expect(forwardedFor("203.0.113.1", "10.20.30.40")).toBe("203.0.113.1, 10.20.30.40");
      expect(forwardedFor("203.0.113.1", "2001:db8:ff:1::2")).toBe("203.0.113.1, 2001:db8:ff:1::2");
      expect(forwardedFor("203.0.113.1", "127.0.0.1")).toBe("127.0.0.1");
      expect(forwardedFor("203.0.113.1", "11.0.0.1")).toBe("11.0.0.1");
      process.env.TRUSTED_PROXIES = "10.0.0.0/33";
      expect(() => trustedProxies()).toThrow(/TRUSTED_PROXIES: "10.0.0.0\/33"/);
    } finally {
      delete process.env.TRUSTED_PROXIES;
    }
  });

  it("counts IPv6 clients by their /64 and IPv4-mapped clients as IPv4", () => {
    process.env.TRUST_PROXY_HOPS = "0";
    expect(clientIp(req("2001:db8:1:2:3:4:5:6"))).toBe("2001:db8:1:2::/64");
    expect(clientIp(req("2001:0db8:0001:0002::ffff"))).toBe("2001:db8:1:2::/64");
    expect(clientIp(req("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(clientIp(req("::1"))).toBe("0:0:0:0::/64");
    expect(clientIp(req("64:ff9b:1:2::192.0.2.1"))).toBe("64:ff9b:1:2::/64");
    expect(clientIp(req("::ffff:192.0.2.1"))).toBe("192.0.2.1");
    expect(clientIp(req("192.0.2.1"))).toBe("192.0.2.1");
  });

  it("behind trusted proxies, takes the entry the outermost one wrote", () => {
    process.env.TRUST_PROXY_HOPS = "1";
    expect(forwardedFor("forged, 203.0.113.1", "127.0.0.1")).toBe("forged, 203.0.113.1, 127.0.0.1");
    expect(clientIp(req("forged, 203.0.113.1, 127.0.0.1"))).toBe("203.0.113.1");
    process.env.TRUST_PROXY_HOPS = "2";
    expect(clientIp(req("forged, 203.0.113.1, 10.0.0.2, 10.0.0.3"))).toBe("203.0.113.1");
    expect(clientIp(req("10.0.0.3"))).toBe("10.0.0.3");
    expect(clientIp(req())).toBe("unknown");
  });

  it("treats a nonsense TRUST_PROXY_HOPS as no trusted proxy", () => {
    for (const value of ["-1", "abc", ""]) {
      process.env.TRUST_PROXY_HOPS = value;
      expect(trustedProxyHops()).toBe(0);
      expect(clientIp(req("1.2.3.4, 192.0.2.1"))).toBe("192.0.2.1");
    }
  });
});
