import { POST as resend } from "@/app/api/support-emails/[id]/verification/route";
import { GET as list, POST as create } from "@/app/api/support-emails/route";
import { POST as verify } from "@/app/api/support-emails/verify/route";
import { hashToken } from "@/lib/auth/tokens";
import { UNVERIFIED_CLAIM_MS } from "@/lib/services/mail/support-emails";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { drainJobs } from "../helpers/jobs";
import { makeRequest, params, readJson } from "../helpers/request";
import { linkIn, startSmtp } from "../helpers/smtp";

type User = { id: string; sessionVersion: number };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let n = 0;
const fresh = (what = "help") => `${what}-${++n}-${Date.now()}@support.test`;

beforeAll(async () => {
  await resetDatabase();
  smtp = await startSmtp();
  process.env.APP_URL = "https://help.ticketry.test";
});
afterAll(async () => {
  await drainJobs();
  await smtp.stop();
});

async function adminOf() {
  const org = await createOrg("enterprise");
  return { org, admin: await createUser(org.id, "org_admin") };
}
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });
async function add(user: User, email: string) {
  return readJson(
    await create(
      makeRequest("/api/support-emails", {
        method: "POST",
        body: { email, displayName: "Help" },
        headers: await headers(user),
      }),
      params(),
    ),
  );
}
async function sendAgain(user: User, id: string) {
  return readJson(
    await resend(
      makeRequest(`/api/support-emails/${id}/verification`, { method: "POST", headers: await headers(user) }),
      params({ id }),
    ),
  );
}
let client = 0;
async function follow(token: string) {
  return readJson(
    await verify(
      makeRequest("/api/support-emails/verify", {
        method: "POST",
        body: { token },
        headers: { "x-forwarded-for": `10.9.0.${++client % 250}` },
      }),
      params(),
    ),
  );
}
/** The token of the newest confirmation link mailed to `to`. */
async function tokenFor(to: string) {
  await drainJobs();
  const mails = smtp.messages.filter((m) => m.to.includes(to));
  if (mails.length === 0) await smtp.mailTo(to);
  const last = smtp.messages.filter((m) => m.to.includes(to)).at(-1)!;
  return linkIn(last, "/verify-support-email").searchParams.get("token")!;
}
const INVALID = {
  status: 400,
  body: {
    error: "This confirmation link is invalid or has expired. Send a new one from Settings > Organization.",
    code: "bad_request",
  },
};

describe("confirming a support address", () => {
  it("mails the new address a link; following it once confirms the address", async () => {
    const { org, admin } = await adminOf();
    const email = fresh();
    const added = await add(admin, email);
    expect(added).toMatchObject({ status: 201, body: { email, verifiedAt: null, imapMailbox: null } });

    const mail = await smtp.mailTo(email);
    expect(mail.raw.replace(/\r?\n /g, " ")).toContain(`Subject: Confirm ${email} as a support address on Ticketry`);
    expect(mail.text).toContain(org.name);
    const token = linkIn(mail, "/verify-support-email").searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits
    // Stored as a hash only.
    const row = await db.supportEmail.findUniqueOrThrow({ where: { email } });
    expect(row.verifyTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.verifyExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    expect(await follow(token)).toEqual({
      status: 200,
      body: { message: `${email} is confirmed. Mail sent to it now becomes tickets.`, email },
    });
    const confirmed = await db.supportEmail.findUniqueOrThrow({ where: { email } });
    expect(confirmed.verifiedAt).toBeInstanceOf(Date);
    expect(confirmed.verifyTokenHash).toBeNull();
    expect(await follow(token)).toEqual(INVALID);

    const shown = await readJson(
      await list(makeRequest("/api/support-emails", { headers: await headers(admin) }), params()),
    );
    expect((shown.body as unknown as { verifiedAt: string }[])[0]!.verifiedAt).toEqual(
      confirmed.verifiedAt!.toISOString(),
    );
    expect(
      await db.auditEvent.findFirst({ where: { organizationId: org.id, action: "support_email.verified" } }),
    ).toMatchObject({ actorType: "system", targetId: confirmed.id, metadata: { email } });
  });

  it("refuses an expired, unknown or empty token", async () => {
    const { admin } = await adminOf();
    const email = fresh();
    await add(admin, email);
    const token = await tokenFor(email);
    await db.supportEmail.update({ where: { email }, data: { verifyExpiresAt: new Date(Date.now() - 1000) } });
    expect(await follow(token)).toEqual(INVALID);
    expect(await follow("not-a-real-token")).toEqual(INVALID);
    expect((await follow("")).status).toBe(400);
    expect((await db.supportEmail.findUniqueOrThrow({ where: { email } })).verifiedAt).toBeNull();
  });

  it("sends a new link on request (the old one stops working), a few times an hour at most", async () => {
    const { admin } = await adminOf();
    const email = fresh();
    const { body } = await add(admin, email);
    const id = body.id as string;
    const first = await tokenFor(email);
    expect(await sendAgain(admin, id)).toMatchObject({ status: 200, body: { id, verifiedAt: null } });
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect(await follow(first)).toEqual(INVALID);
    await sendAgain(admin, id);
    await sendAgain(admin, id);
    expect(await sendAgain(admin, id)).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(await follow(await tokenFor(email))).toMatchObject({ status: 200 });
    expect(await sendAgain(admin, id)).toEqual({
      status: 409,
      body: { error: "This address is already verified", code: "conflict" },
    });
  });

  it("lets only the organisation's admins ask for a new link", async () => {
    const { org, admin } = await adminOf();
    const { admin: stranger } = await adminOf();
    const { body } = await add(admin, fresh());
    const agent = await createUser(org.id, "agent");
    expect((await sendAgain(agent, body.id as string)).status).toBe(403);
    expect(await sendAgain(stranger, body.id as string)).toEqual({
      status: 404,
      body: { error: "Support email not found", code: "not_found" },
    });
  });
});

describe("claims on an address", () => {
  it("an unconfirmed claim holds the address for a day, then the next organisation may take it", async () => {
    const squatter = await adminOf();
    const owner = await adminOf();
    const email = fresh("contested");
    const claim = await add(squatter.admin, email);
    expect(await add(owner.admin, email)).toEqual({
      status: 409,
      body: { error: "This email address is already in use", code: "conflict" },
    });

    await db.supportEmail.update({
      where: { email },
      data: { createdAt: new Date(Date.now() - UNVERIFIED_CLAIM_MS - 1000) },
    });
    const squatterToken = await tokenFor(email);
    const taken = await add(owner.admin, email);
    expect(taken).toMatchObject({ status: 201, body: { email, organizationId: owner.org.id } });
    expect(await db.supportEmail.count({ where: { id: claim.body.id as string } })).toBe(0);
    expect(
      await db.auditEvent.findFirst({
        where: { organizationId: squatter.org.id, action: "support_email.claim_expired" },
      }),
    ).toMatchObject({ targetId: claim.body.id, metadata: { email } });
    // The lapsed claim's link confirms nothing; the new owner's does.
    expect(await follow(squatterToken)).toEqual(INVALID);
    expect(await follow(await tokenFor(email))).toMatchObject({ status: 200 });
    expect(await db.supportEmail.findUniqueOrThrow({ where: { email } })).toMatchObject({
      organizationId: owner.org.id,
      verifiedAt: expect.any(Date),
    });
  });

  it("a confirmed address stays with its organisation however old it is", async () => {
    const holder = await adminOf();
    const other = await adminOf();
    const email = fresh("owned");
    await add(holder.admin, email);
    await follow(await tokenFor(email));
    await db.supportEmail.update({ where: { email }, data: { createdAt: new Date(Date.now() - 30 * 86400_000) } });
    expect((await add(other.admin, email)).status).toBe(409);
    expect((await db.supportEmail.findUniqueOrThrow({ where: { email } })).organizationId).toBe(holder.org.id);
  });

  it("an organisation's own old unconfirmed address is not released to itself (it sends a new link instead)", async () => {
    const { admin } = await adminOf();
    const email = fresh("own");
    await add(admin, email);
    await db.supportEmail.update({ where: { email }, data: { createdAt: new Date(Date.now() - 2 * 86400_000) } });
    expect((await add(admin, email)).status).toBe(409);
  });
});
