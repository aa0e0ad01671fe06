import { simpleParser } from "mailparser";
import { GET as listReplies } from "@/app/api/replies/[ticketId]/route";
import { POST as postReply } from "@/app/api/replies/route";
import { POST as postPreview } from "@/app/api/replies/preview/route";
import { POST as createTicket } from "@/app/api/tickets/route";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { LINK_REL } from "@/lib/format/markdown";
import { LIMITS } from "@/lib/services/rate-limit";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { clearJobs } from "../helpers/jobs";
import { makeRequest, params } from "../helpers/request";
import { startSmtp } from "../helpers/smtp";
import { portalAuth } from "../helpers/portal-auth";

// Formatted replies end to end on the server: staff write Markdown, stored as written with its
// sanitized HTML; every reader (staff, the customer's account, the portal) and the customer's
// email get the same HTML; customers' messages stay plain text.

type ReplyOut = { id: string; content: string; format: string; html: string | null; type: string };
type User = { id: string; sessionVersion: number };

let world: TwoTenants;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  world = await freshTwoTenants();
  smtp = await startSmtp();
});
afterAll(() => smtp.stop());
beforeEach(async () => {
  await clearJobs();
  smtp.clear();
});

const cookie = async (user: User) => ({ cookie: await sessionCookie(user) });

async function newTicket(customerEmail = world.users.end_user.email) {
  const res = await createTicket(
    makeRequest("/api/tickets", {
      method: "POST",
      body: { subject: "Printer on fire", description: "Smoke", customerEmail },
      headers: await cookie(world.users.agent),
    }),
    params(),
  );
  return (await res.json()) as { id: string; ticketNumber: number };
}

async function reply(user: User, body: Record<string, unknown>) {
  const res = await postReply(
    makeRequest("/api/replies", { method: "POST", body, headers: await cookie(user) }),
    params(),
  );
  return { status: res.status, body: (await res.json()) as ReplyOut };
}

async function thread(ticketId: string, headers: Record<string, string>) {
  const res = await listReplies(makeRequest(`/api/replies/${ticketId}`, { headers }), params({ ticketId }));
  expect(res.status).toBe(200);
  return (await res.json()) as ReplyOut[];
}

async function portalHeaders(email = world.users.end_user.email) {
  const token = newToken();
  await db.portalSession.create({
    data: {
      organizationId: world.org.id,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return portalAuth(world.org.slug, token);
}

async function preview(user: User, body: unknown) {
  const res = await postPreview(
    makeRequest("/api/replies/preview", { method: "POST", body, headers: await cookie(user) }),
    params(),
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const SOURCE = "Hi **Jane**,\n\n1. Open [Settings](https://app.example/settings)\n2. Press `Save`\n\n> it broke";
const HTML = [
  "<p>Hi <strong>Jane</strong>,</p>",
  '<ol>\n<li>Open <a href="https://app.example/settings" rel="' + LINK_REL + '">Settings</a></li>',
  "<li>Press <code>Save</code></li>\n</ol>",
  "<blockquote>\n<p>it broke</p>\n</blockquote>",
].join("\n");

describe("formatted replies", () => {
  it("stores an agent's Markdown as written, with its HTML, and answers with the HTML", async () => {
    const t = await newTicket();
    const sent = await reply(world.users.agent, { ticketId: t.id, content: SOURCE });
    expect(sent).toMatchObject({ status: 201, body: { content: SOURCE, format: "markdown", html: HTML } });
    const row = await db.reply.findUniqueOrThrow({ where: { id: sent.body.id } });
    expect(row).toMatchObject({ content: SOURCE, format: "markdown", contentHtml: HTML, contentHtmlVersion: 1 });
    expect(Object.keys(sent.body)).not.toContain("contentHtml");
  });

  it("shows the same HTML to staff, to the customer's account and in the portal", async () => {
    const t = await newTicket();
    await reply(world.users.agent, { ticketId: t.id, content: SOURCE });
    const readers = {
      agent: await thread(t.id, await cookie(world.users.agent)),
      admin: await thread(t.id, await cookie(world.users.org_admin)),
      account: await thread(t.id, await cookie(world.users.end_user)),
      portal: await thread(t.id, await portalHeaders()),
    };
    for (const replies of Object.values(readers)) {
      expect(replies.map((r) => [r.format, r.html, r.content])).toEqual([["markdown", HTML, SOURCE]]);
    }
  });

  it("formats internal notes for the team; the customer never sees them", async () => {
    const t = await newTicket();
    const note = await reply(world.users.agent, { ticketId: t.id, content: "_only us_", type: "internal" });
    expect(note.body).toMatchObject({ type: "internal", format: "markdown", html: "<p><em>only us</em></p>" });
    expect(await thread(t.id, await cookie(world.users.end_user))).toEqual([]);
    expect(await thread(t.id, await portalHeaders())).toEqual([]);
  });

  it("keeps a customer's message plain text, Markdown characters and all", async () => {
    const t = await newTicket();
    const mine = await reply(world.users.end_user, { ticketId: t.id, content: "**not bold** <b>x</b>" });
    expect(mine).toMatchObject({
      status: 201,
      body: { format: "plain", html: null, content: "**not bold** <b>x</b>" },
    });
    const staff = await thread(t.id, await cookie(world.users.agent));
    expect(staff.map((r) => [r.format, r.html])).toEqual([["plain", null]]);
  });

  it("shows a reply written before formatting as plain text, as it always read", async () => {
    const t = await newTicket();
    await db.reply.create({
      data: {
        organizationId: world.org.id,
        ticketId: t.id,
        content: "Old *reply*\nline two",
        authorType: "agent",
        authorEmail: world.users.agent.email,
      },
    });
    const [old] = await thread(t.id, await cookie(world.users.agent));
    expect(old).toMatchObject({ format: "plain", html: null, content: "Old *reply*\nline two" });
  });

  it("renders again a reply whose HTML an older renderer made", async () => {
    const t = await newTicket();
    const sent = await reply(world.users.agent, { ticketId: t.id, content: "**now**" });
    await db.reply.update({
      where: { id: sent.body.id },
      data: { contentHtml: '<p onclick="x()">stale</p>', contentHtmlVersion: 0 },
    });
    const [shown] = await thread(t.id, await portalHeaders());
    expect(shown!.html).toBe("<p><strong>now</strong></p>");
  });

  it("mails the customer the same HTML, and a plain-text rendering beside it", async () => {
    const t = await newTicket("jane@customer.test");
    await clearJobs(); // the "ticket received" mail: only the reply's is read here
    await reply(world.users.agent, { ticketId: t.id, content: SOURCE });
    const mail = await simpleParser((await smtp.mailTo("jane@customer.test")).raw);
    expect(mail.html).toContain(`<div data-reply>${HTML}</div>`);
    expect(mail.text).toContain(
      "Hi Jane,\n\n1. Open Settings (https://app.example/settings)\n2. Press Save\n\n> it broke",
    );
    expect(mail.text).not.toContain("**");
  });
});

describe("POST /api/replies/preview", () => {
  beforeEach(() => db.rateLimitBucket.deleteMany({}));

  it("answers the HTML the reply would have; blank text previews as nothing", async () => {
    expect(await preview(world.users.agent, { content: SOURCE })).toMatchObject({ status: 200, body: { html: HTML } });
    expect(await preview(world.users.org_admin, { content: "  " })).toMatchObject({ status: 200, body: { html: "" } });
  });

  it("refuses what is not text or too long (400) and customers (403)", async () => {
    expect(await preview(world.users.agent, { content: 42 })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await preview(world.users.agent, {})).toMatchObject({ status: 400 });
    expect(await preview(world.users.agent, { content: "x".repeat(20_001) })).toMatchObject({
      status: 400,
      body: { error: "Reply is too long" },
    });
    expect(await preview(world.users.end_user, { content: "hi" })).toMatchObject({ status: 403 });
  });

  it("is throttled per person: past the limit a 429 with Retry-After; others are not held up", async () => {
    const { limit } = LIMITS.replyPreviewPerUser;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await preview(world.users.agent, { content: `n${i}` })).status);
    expect(statuses).toEqual(Array(limit).fill(200));
    const refused = await preview(world.users.agent, { content: "one more" });
    expect(refused).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await preview(world.users.org_admin, { content: "mine" })).status).toBe(200);
  });
});
