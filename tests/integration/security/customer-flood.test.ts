import { randomUUID } from "node:crypto";
import { POST as portalCreate } from "@/app/api/portal/tickets/route";
import { POST as staffCreate } from "@/app/api/tickets/route";
import { GET as usage } from "@/app/api/usage/route";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { PLANS } from "@/lib/plans/limits";
import { CUSTOMER_TICKET_LIMITS, MAX_OPEN_TICKETS_PER_CUSTOMER } from "@/lib/services/tickets/customer-limits";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { portalAuth } from "../helpers/portal-auth";

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
const ticket = { subject: "Flood", description: "Please help" };

/** A portal session for `email`, issued as a code check would: the headers the portal page calls with. */
async function portalToken(org: { id: string; slug: string }, email: string) {
  const token = newToken();
  await db.portalSession.create({
    data: { organizationId: org.id, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return portalAuth(org.slug, token);
}

const fromPortal = async (token: Record<string, string>, address = nextIp()) =>
  readJson(
    await portalCreate(
      makeRequest("/api/portal/tickets", {
        method: "POST",
        body: ticket,
        headers: { ...token, "x-forwarded-for": address },
      }),
      params(),
    ),
  );

const fromAccount = async (user: { id: string; sessionVersion: number }, address = nextIp()) =>
  readJson(
    await staffCreate(
      makeRequest("/api/tickets", {
        method: "POST",
        body: { ...ticket, customerEmail: "someone@shop.test" },
        headers: { cookie: await sessionCookie(user), "x-forwarded-for": address },
      }),
      params(),
    ),
  );

beforeAll(async () => {
  await resetDatabase();
  process.env.TRUST_PROXY_HOPS = "1"; // X-Forwarded-For names the client, so addresses can be spread
});

describe("a customer flooding tickets", () => {
  it("is throttled per portal session with 429 and Retry-After", async () => {
    const org = await createOrg("pro");
    const token = await portalToken(org, `flood-${randomUUID()}@shop.test`);
    for (let i = 0; i < CUSTOMER_TICKET_LIMITS.perSession.limit; i++)
      expect((await fromPortal(token)).status).toBe(201);
    const res = await portalCreate(
      makeRequest("/api/portal/tickets", {
        method: "POST",
        body: ticket,
        headers: { ...token, "x-forwarded-for": nextIp() },
      }),
      params(),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: "rate_limited" });
  });

  it("is throttled from one address across many portal sessions", async () => {
    const org = await createOrg("pro");
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= CUSTOMER_TICKET_LIMITS.perAddress.limit; i++) {
      const token = await portalToken(org, `addr-${i}-${randomUUID()}@shop.test`);
      statuses.push((await fromPortal(token, address)).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(CUSTOMER_TICKET_LIMITS.perAddress.limit);
    expect(statuses.at(-1)).toBe(429);
  });

  it("applies to end-user accounts on POST /api/tickets too, never to the team", async () => {
    const org = await createOrg("pro");
    const endUser = await createUser(org.id, "end_user");
    const agent = await createUser(org.id, "agent");
    const address = nextIp();
    for (let i = 0; i < CUSTOMER_TICKET_LIMITS.perSession.limit; i++) {
      expect((await fromAccount(endUser, address)).status).toBe(201);
    }
    expect(await fromAccount(endUser, address)).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect((await fromAccount(agent, address)).status).toBe(201);
  });

  it("caps one customer's open tickets with a clear 409", async () => {
    const org = await createOrg("pro");
    const email = `busy-${randomUUID()}@shop.test`;
    const tokens = await Promise.all([0, 1, 2].map(() => portalToken(org, email)));
    for (let i = 0; i < MAX_OPEN_TICKETS_PER_CUSTOMER; i++) {
      expect((await fromPortal(tokens[Math.floor(i / 10)]!)).status).toBe(201);
    }
    expect(await fromPortal(tokens[2]!)).toEqual({
      status: 409,
      body: {
        error: `You already have ${MAX_OPEN_TICKETS_PER_CUSTOMER} open tickets. Please wait for our team to answer them, or reply on one of them, before opening another.`,
        code: "conflict",
      },
    });
    // Another customer of the same organisation is not affected.
    expect((await fromPortal(await portalToken(org, `calm-${randomUUID()}@shop.test`))).status).toBe(201);
  });
});

describe("after customers flood a free organisation up to every limit", () => {
  it("the team can still create tickets, and usage shows the team's tickets against the plan", async () => {
    const org = await createOrg("free");
    const admin = await createUser(org.id, "org_admin");
    const flood = PLANS.free.tickets;
    for (let i = 0; i < flood / 10; i++) {
      const token = await portalToken(org, `wave-${i}-${randomUUID()}@shop.test`);
      const results = await Promise.all(Array.from({ length: 10 }, () => fromPortal(token)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    }
    expect(await db.ticket.count({ where: { organizationId: org.id } })).toBe(flood);

    expect((await fromAccount(admin)).status).toBe(201);
    const shown = await readJson(
      await usage(makeRequest("/api/usage", { headers: { cookie: await sessionCookie(admin) } }), params()),
    );
    expect(shown).toEqual({
      status: 200,
      body: {
        plan: "free",
        tickets: { current: 1, limit: flood, remaining: flood - 1, percentUsed: 1 },
        storage: { used: 0, limit: 0 },
      },
    });
  });
});
