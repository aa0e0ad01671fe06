import { createHash } from "node:crypto";
import { GET as agentsSatisfaction } from "@/app/api/admin/agents/satisfaction/route";
import { POST as rate } from "@/app/api/satisfaction/rating/route";
import { GET as history } from "@/app/api/tickets/[id]/history/route";
import { GET as ticketRating } from "@/app/api/tickets/[id]/rating/route";
import { PUT as updateTicket } from "@/app/api/tickets/[id]/route";
import { POST as create } from "@/app/api/tickets/route";
import { GET as summary } from "@/app/api/tickets/satisfaction/route";
import { POST as reply } from "@/app/api/replies/route";
import { rateTicket, ratingCallerFromToken } from "@/lib/services/satisfaction/ratings";
import { RATING_CHANGE_WINDOW_MS } from "@/lib/satisfaction/rating-link";
import { AppError } from "@/lib/errors";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp, type CapturedMail } from "../helpers/smtp";

// Customer satisfaction: resolving a ticket mails its customer "How did we do?" links; the
// link's token rates that ticket (and no other) once, changeable for 7 days; the team reads
// the rating on the ticket, the dashboard and Admin > Agents.

type User = { id: string; sessionVersion: number };
const DAY = 24 * 60 * 60 * 1000;

let world: TwoTenants;
let agent2: Awaited<ReturnType<typeof createUser>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let customerNo = 0;

beforeAll(async () => {
  world = await freshTwoTenants();
  agent2 = await createUser(world.org.id, "agent", { fullName: "Second Agent" });
  await clearJobs();
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());

const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });
/** A client address per test, so the per-address throttle of one test never answers another. */
let ipNo = 0;
const freshIp = () => `192.0.2.${++ipNo}`;

async function newTicket(opts: { assignedTo?: string | null; customerEmail?: string } = {}) {
  const customerEmail = opts.customerEmail ?? `customer-${++customerNo}@example.test`;
  const res = await create(
    makeRequest("/api/tickets", {
      method: "POST",
      body: {
        subject: "Printer <b>on fire</b>",
        description: "Please help",
        customerEmail,
        ...(opts.assignedTo !== undefined ? { assignedTo: opts.assignedTo } : { assignedTo: world.users.agent.id }),
      },
      headers: await cookie(world.users.agent),
    }),
    params(),
  );
  expect(res.status).toBe(201);
  return { ...((await res.json()) as { id: string; ticketNumber: number }), customerEmail };
}

async function setStatus(ticketId: string, status: string, user: User = world.users.agent) {
  const res = await updateTicket(
    makeRequest(`/api/tickets/${ticketId}`, { method: "PUT", body: { status }, headers: await cookie(user) }),
    params({ id: ticketId }),
  );
  expect(res.status).toBe(200);
}

/** The mails to one address that carry rating links, in the order they were sent. */
async function ratingMails(address: string): Promise<CapturedMail[]> {
  await drainJobs(); // every queued mail is sent (the SMTP server acknowledges before it returns)
  return smtp.messages.filter((m) => m.to.includes(address) && m.text.includes("/rate/"));
}

async function resolveAndGetToken(opts: Parameters<typeof newTicket>[0] = {}) {
  const ticket = await newTicket(opts);
  await setStatus(ticket.id, "resolved");
  const mails = await ratingMails(ticket.customerEmail);
  expect(mails).toHaveLength(1);
  const good = linkIn(mails[0]!, "/rate/");
  return { ticket, mail: mails[0]!, token: good.pathname.split("/").pop()!, good };
}

function postRating(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  return rate(
    makeRequest("/api/satisfaction/rating", {
      method: "POST",
      body,
      headers: {
        "x-forwarded-for": freshIp(),
        ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    }),
    params(),
  );
}

async function historyOf(ticketId: string) {
  const res = await history(
    makeRequest(`/api/tickets/${ticketId}/history`, { headers: await cookie(world.users.agent) }),
    params({ id: ticketId }),
  );
  return ((await res.json()) as { action: string; actorType: string; metadata: unknown }[]).filter((e) =>
    e.action.startsWith("ticket.rat"),
  );
}

describe("the resolved mail", () => {
  it("goes to the customer once per resolution, in the ticket's thread, with working Good and Bad links", async () => {
    const { ticket, mail, good } = await resolveAndGetToken();
    expect(mail.text).toContain("How did we do?");
    expect(mail.raw).toMatch(/^Subject: Re: \[Org [^\]]+ #\d+\] Printer <b>on fire<\/b>/m);
    expect(mail.raw).toMatch(/^In-Reply-To:\s+<ticket\./m); // threaded after the "ticket received" mail
    expect(good.searchParams.get("score")).toBe("good");
    const bad = new URL(mail.text.match(/Bad: (\S+)/)![1]!);
    expect(bad.pathname).toBe(good.pathname);
    expect(bad.searchParams.get("score")).toBe("bad");
    // The HTML part escapes the subject the customer typed and links both choices.
    expect(mail.text).toContain("Printer &lt;b&gt;on fire&lt;/b&gt;");
    expect(mail.text).toMatch(/<a href="http[^"]+\/rate\/[^"]+score=bad"/);

    // Resolved -> Closed is not another resolution; reopening and resolving again is.
    await setStatus(ticket.id, "closed");
    expect(await ratingMails(ticket.customerEmail)).toHaveLength(1);
    await setStatus(ticket.id, "open");
    await setStatus(ticket.id, "resolved");
    const again = await ratingMails(ticket.customerEmail);
    expect(again).toHaveLength(2);
    expect(linkIn(again[1]!, "/rate/").pathname).not.toBe(good.pathname);
  });

  it("is not sent when a ticket is closed without being resolved, nor to a placeholder address", async () => {
    const closed = await newTicket();
    await setStatus(closed.id, "closed");
    expect(await ratingMails(closed.customerEmail)).toHaveLength(0);
    const anonymous = await newTicket({ customerEmail: "" });
    await setStatus(anonymous.id, "resolved");
    expect(await db.satisfactionLink.count({ where: { ticketId: anonymous.id } })).toBe(0);
  });

  it("comes in the reply's own mail when the reply is sent with 'Send and set Resolved' (one mail, not two)", async () => {
    const ticket = await newTicket();
    const res = await reply(
      makeRequest("/api/replies", {
        method: "POST",
        body: { ticketId: ticket.id, content: "Fixed in 2.1", status: "resolved" },
        headers: await cookie(world.users.agent),
      }),
      params(),
    );
    expect(res.status).toBe(201);
    const mails = await ratingMails(ticket.customerEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Fixed in 2.1");
    expect(mails[0]!.text).toContain("marked it resolved");
    // Nothing else followed the "received" mail: the reply and the rating request are one.
    expect(smtp.messages.filter((m) => m.to.includes(ticket.customerEmail))).toHaveLength(2);
    expect(await db.satisfactionLink.count({ where: { ticketId: ticket.id } })).toBe(1);
  });

  it("keeps only the token's SHA-256 hash", async () => {
    const { ticket, token } = await resolveAndGetToken();
    const link = await db.satisfactionLink.findFirstOrThrow({ where: { ticketId: ticket.id } });
    expect(link.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(30 * DAY);
  });
});

describe("POST /api/satisfaction/rating", () => {
  it("records the rating for the assignee, in the history, and moves the ticket's version (live update)", async () => {
    const { ticket, token } = await resolveAndGetToken();
    const before = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    const res = await readJson(await postRating(token, { score: "good", comment: "Quick and kind" }));
    expect(res).toMatchObject({
      status: 200,
      body: { ticketNumber: ticket.ticketNumber, state: "open", rating: { score: "good", comment: "Quick and kind" } },
    });
    const rating = await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: ticket.id } });
    expect(rating).toMatchObject({ organizationId: world.org.id, score: "good", agentId: world.users.agent.id });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).version).toBeGreaterThan(before.version);
    expect(await historyOf(ticket.id)).toEqual([
      expect.objectContaining({ action: "ticket.rated", actorType: "customer", metadata: { score: "good" } }),
    ]);
  });

  it("credits the last agent who replied when the ticket had no assignee at resolution", async () => {
    const ticket = await newTicket({ assignedTo: null });
    for (const [user, content] of [
      [world.users.agent, "First answer"],
      [agent2, "Second answer"],
    ] as const) {
      await reply(
        makeRequest("/api/replies", {
          method: "POST",
          body: { ticketId: ticket.id, content },
          headers: await cookie(user),
        }),
        params(),
      );
    }
    await setStatus(ticket.id, "resolved", world.users.org_admin);
    const link = await db.satisfactionLink.findFirstOrThrow({ where: { ticketId: ticket.id } });
    expect(link.agentId).toBe(agent2.id);
  });

  it("lets the customer change the score and comment within 7 days, each change in the history", async () => {
    const { ticket, token } = await resolveAndGetToken();
    const caller = await ratingCallerFromToken(token, freshIp());
    const start = new Date();
    await rateTicket(caller, { score: "good" }, start);
    const later = new Date(start.getTime() + 6 * DAY);
    const view = await rateTicket(caller, { score: "bad", comment: "Came back broken" }, later);
    expect(view).toMatchObject({ rating: { score: "bad", comment: "Came back broken" }, state: "open" });
    // Left out, the comment stays; blank, it goes.
    await rateTicket(caller, { score: "bad" }, later);
    expect((await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: ticket.id } })).comment).toBe(
      "Came back broken",
    );
    expect((await historyOf(ticket.id)).map((e) => [e.action, e.metadata])).toEqual([
      ["ticket.rated", { score: "good" }],
      ["ticket.rating_changed", { from: "good", to: "bad" }],
      ["ticket.rating_commented", null],
    ]);
    const rating = await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: ticket.id } });
    expect(rating.ratedAt).toEqual(start); // the 7 days run from the first rating
  });

  it("refuses a change more than 7 days after the first rating (409 rating_locked)", async () => {
    const { ticket, token } = await resolveAndGetToken();
    const caller = await ratingCallerFromToken(token, freshIp());
    const start = new Date();
    await rateTicket(caller, { score: "good" }, start);
    const late = new Date(start.getTime() + RATING_CHANGE_WINDOW_MS + 1000);
    await expect(rateTicket(caller, { score: "bad" }, late)).rejects.toMatchObject({ code: "rating_locked" });
    expect((await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: ticket.id } })).score).toBe("good");
    // Through the route, with the rating given eight days ago:
    await db.satisfactionRating.update({
      where: { ticketId: ticket.id },
      data: { ratedAt: new Date(Date.now() - 8 * DAY) },
    });
    const res = await readJson(await postRating(token, { score: "bad" }));
    expect(res).toMatchObject({ status: 409, body: { code: "rating_locked" } });
  });

  it("answers an expired link with 410 and records nothing", async () => {
    const { ticket, token } = await resolveAndGetToken();
    const caller = await ratingCallerFromToken(token, freshIp());
    const after = new Date(caller.expiresAt.getTime() + 1);
    await expect(rateTicket(caller, { score: "good" }, after)).rejects.toBeInstanceOf(AppError);
    await db.satisfactionLink.updateMany({
      where: { ticketId: ticket.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const res = await readJson(await postRating(token, { score: "good" }));
    expect(res).toMatchObject({ status: 410, body: { code: "link_expired", error: "This rating link has expired." } });
    expect(await db.satisfactionRating.count({ where: { ticketId: ticket.id } })).toBe(0);
  });

  it("rates only the ticket its token was issued for, whatever the body names", async () => {
    const a = await resolveAndGetToken();
    const b = await resolveAndGetToken();
    const res = await postRating(a.token, { score: "bad", ticketId: b.ticket.id, organizationId: world.other.id });
    expect(res.status).toBe(200);
    expect(await db.satisfactionRating.findUnique({ where: { ticketId: b.ticket.id } })).toBeNull();
    expect((await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: a.ticket.id } })).score).toBe("bad");
  });

  it("answers an unknown, malformed or missing token with 404", async () => {
    for (const token of ["A".repeat(43), "short", null]) {
      const res = await readJson(await postRating(token, { score: "good" }));
      expect(res).toMatchObject({ status: 404, body: { code: "not_found" } });
    }
  });

  it.each([
    ["no score", {}],
    ["an unknown score", { score: "meh" }],
    ["a score of another type", { score: 1 }],
    ["a comment over 1000 characters", { score: "good", comment: "x".repeat(1001) }],
    ["a comment that is not text", { score: "good", comment: ["x"] }],
  ])("refuses %s with 400", async (_, body) => {
    const { ticket, token } = await resolveAndGetToken();
    const res = await readJson(await postRating(token, body));
    expect(res).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    expect(await db.satisfactionRating.count({ where: { ticketId: ticket.id } })).toBe(0);
  });

  it("takes a comment of exactly 1000 characters, trimmed", async () => {
    const { ticket, token } = await resolveAndGetToken();
    expect((await postRating(token, { score: "good", comment: ` ${"y".repeat(1000)} ` })).status).toBe(200);
    expect((await db.satisfactionRating.findUniqueOrThrow({ where: { ticketId: ticket.id } })).comment).toHaveLength(
      1000,
    );
  });

  it("refuses a cross-site form post", async () => {
    const { token } = await resolveAndGetToken();
    const res = await readJson(await postRating(token, { score: "good" }, { origin: "https://evil.example" }));
    expect(res).toMatchObject({ status: 403, body: { code: "cross_site_rejected" } });
  });

  it("throttles token look-ups per client address (429 with Retry-After)", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await postRating("B".repeat(43), { score: "good" }, { "x-forwarded-for": ip });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Even a valid token waits out the window at that address.
    const { token } = await resolveAndGetToken();
    expect((await postRating(token, { score: "good" }, { "x-forwarded-for": ip })).status).toBe(429);
  });
});

describe("what the team reads", () => {
  async function read(handler: typeof ticketRating, path: string, user: User | null, id?: string) {
    return readJson(
      await handler(makeRequest(path, { headers: user ? await cookie(user) : {} }), params(id ? { id } : {})),
    );
  }

  it("GET /api/tickets/{id}/rating: staff see it, customers may not, another tenant's ticket is 404", async () => {
    const { ticket, token } = await resolveAndGetToken();
    const path = `/api/tickets/${ticket.id}/rating`;
    expect(await read(ticketRating, path, world.users.agent, ticket.id)).toEqual({
      status: 200,
      body: { rating: null },
    });
    await postRating(token, { score: "bad", comment: "Too slow" });
    for (const user of [world.users.agent, world.users.org_admin, world.users.platform_admin]) {
      expect(await read(ticketRating, path, user, ticket.id)).toMatchObject({
        status: 200,
        body: { rating: { score: "bad", comment: "Too slow", agentName: "Test agent" } },
      });
    }
    expect((await read(ticketRating, path, world.users.end_user, ticket.id)).status).toBe(403);
    expect((await read(ticketRating, path, null, ticket.id)).status).toBe(401);
    expect((await read(ticketRating, path, world.users.otherAdmin, ticket.id)).status).toBe(404);
  });

  it("GET /api/tickets/satisfaction and /api/admin/agents/satisfaction: the last 30 days, per organisation and agent", async () => {
    await db.satisfactionRating.deleteMany({});
    const rated = async (score: "good" | "bad", agentId: string | null, daysAgo: number, org = world.org.id) => {
      const ticket = await db.ticket.create({
        data: {
          organizationId: org,
          ticketNumber: 10_000 + ++customerNo,
          subject: "s",
          description: "d",
          customerName: "c",
          customerEmail: "c@x.test",
          firstResponseDueAt: new Date(),
          resolutionDueAt: new Date(),
          slaRiskAt: new Date(),
        },
      });
      const at = new Date(Date.now() - daysAgo * DAY);
      await db.satisfactionRating.create({
        data: { organizationId: org, ticketId: ticket.id, score, agentId, ratedAt: at, updatedAt: at },
      });
    };
    await rated("good", world.users.agent.id, 1);
    await rated("good", world.users.agent.id, 2);
    await rated("bad", world.users.agent.id, 3);
    await rated("bad", agent2.id, 29);
    await rated("good", null, 5);
    await rated("bad", world.users.agent.id, 31); // too old
    await rated("bad", world.users.otherAdmin.id, 1, world.other.id); // another organisation

    expect(await read(summary, "/api/tickets/satisfaction", world.users.agent)).toEqual({
      status: 200,
      body: { days: 30, rated: 5, good: 3, percentGood: 60 },
    });
    expect((await read(summary, "/api/tickets/satisfaction", world.users.end_user)).status).toBe(403);
    expect((await read(summary, "/api/tickets/satisfaction", null)).status).toBe(401);

    const agents = await read(agentsSatisfaction, "/api/admin/agents/satisfaction", world.users.org_admin);
    expect(agents.status).toBe(200);
    expect(agents.body.days).toBe(30);
    expect(agents.body.agents).toEqual(
      expect.arrayContaining([
        { agentId: world.users.agent.id, rated: 3, good: 2, percentGood: 67 },
        { agentId: agent2.id, rated: 1, good: 0, percentGood: 0 },
      ]),
    );
    expect(agents.body.agents).toHaveLength(2);
    expect((await read(agentsSatisfaction, "/api/admin/agents/satisfaction", world.users.agent)).status).toBe(403);
    const other = await read(agentsSatisfaction, "/api/admin/agents/satisfaction", world.users.otherAdmin);
    expect(other.body.agents).toEqual([{ agentId: world.users.otherAdmin.id, rated: 1, good: 0, percentGood: 0 }]);
  });
});
