import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { PORTAL_SESSION_TTL_MS, type PortalCustomer } from "@/lib/auth/portal-token";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { uuidv7 } from "@/lib/server/ids";
import { PORTAL_CODE_DIGITS, type PortalSession } from "@/lib/schemas/portal";
import { badRequest, notFound } from "@/lib/errors";
import { portalAccessCodeMail } from "@/lib/mail/templates";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { recordEvent } from "@/lib/services/audit";
import { hit, refund, take, type Limit } from "@/lib/services/rate-limit";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Code requests per client address (hard: 429). Per customer (organisation and email) the limit
 * is soft: past it a live code is not mailed again, but the answer is the same, so nobody else's
 * requests can stop a customer from getting a code. Code checks per customer per day are capped:
 * a guesser spread over many addresses gets that many tries against a hundred million codes.
 */
export const PORTAL_LIMITS = {
  codeMailsPerCustomer: { limit: 5, windowMs: 15 * 60_000 },
  codePerAddress: { limit: 30, windowMs: 15 * 60_000 },
  verifyPerAddress: { limit: 60, windowMs: 15 * 60_000 },
  failedChecksPerCustomer: { limit: 20, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

export const CODE_SENT_MESSAGE = "We've sent an 8-digit code to your email address. It works once, for 10 minutes.";
export const TOO_MANY_CHECKS =
  "Too many incorrect codes for this email address today. Please try again tomorrow or contact your support team.";
const WRONG_CODE = "That code is not correct. Please check your email and try again.";
const NO_CODE = "This code has expired or was already used. Please request a new code.";
const BURNT_CODE = "Too many incorrect attempts. Please request a new code.";

type PortalOrganization = { id: string; name: string; slug: string };

/**
 * The portal's organisation: the one named by its slug; without a slug, the only
 * organisation when exactly one exists. Null when the portal cannot be chosen.
 */
export async function findPortalOrganization(slug: string | undefined): Promise<PortalOrganization | null> {
  const select = { id: true, name: true, slug: true } as const;
  if (slug) return db.organization.findUnique({ where: { slug }, select });
  const only = await db.organization.findMany({ select, take: 2 });
  return only.length === 1 ? only[0]! : null;
}

async function portalOrganization(slug: string | undefined): Promise<PortalOrganization> {
  const org = await findPortalOrganization(slug);
  if (!org) throw notFound("Support portal not found. Please use the portal link from your support team.");
  return org;
}

/**
 * Codes are short, so a bare hash could be reversed by trying them all; a keyed hash (server
 * secret, bound to the organisation and email) is useless without the secret.
 */
function codeHash(organizationId: string, email: string, code: string): string {
  return createHmac("sha256", env.sessionSecret).update(`${organizationId}\n${email}\n${code}`).digest("hex");
}

/**
 * A code is derived from its row's id with the server secret, so a live code can be mailed again
 * (the same code, not a new one) without storing it readable.
 */
function codeOf(id: string): string {
  const n = createHmac("sha256", env.sessionSecret).update(`portal-code\n${id}`).digest().readBigUInt64BE(0);
  return (n % 10n ** BigInt(PORTAL_CODE_DIGITS)).toString().padStart(PORTAL_CODE_DIGITS, "0");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Emails a one-time code. The answer is the same for every well-formed email (with or
 * without tickets: a new customer may open their first ticket). While a code is live, asking
 * again mails that same code (so requests cannot pile up codes or burn the customer's
 * allowance); past the customer's soft limit it is not mailed again. Otherwise a new code
 * replaces any earlier one.
 */
export async function requestAccessCode(slug: string | undefined, email: string, ip: string, now = new Date()) {
  await hit(`portal-code:ip:${ip}`, PORTAL_LIMITS.codePerAddress);
  const org = await portalOrganization(slug);
  const mailAllowed = (await take(`portal-code:email:${org.id}:${email}`, PORTAL_LIMITS.codeMailsPerCustomer)).allowed;
  const live = await db.portalAccessCode.findFirst({
    where: {
      organizationId: org.id,
      email,
      consumedAt: null,
      expiresAt: { gt: now },
      attempts: { lt: MAX_CODE_ATTEMPTS },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (live && !mailAllowed) return { message: CODE_SENT_MESSAGE };
  const id = live?.id ?? uuidv7(now.getTime());
  const mail = portalAccessCodeMail(email, org.name, codeOf(id), CODE_TTL_MS / 60_000);
  const customer = { organizationId: org.id, customer: { what: "portal code" } };
  if (live) await enqueueMail(db, mail, customer);
  else {
    await db.$transaction(async (tx) => {
      await tx.portalAccessCode.updateMany({
        where: { organizationId: org.id, email, consumedAt: null },
        data: { consumedAt: now },
      });
      await tx.portalAccessCode.create({
        data: {
          id,
          organizationId: org.id,
          email,
          codeHash: codeHash(org.id, email, codeOf(id)),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          createdAt: now,
        },
      });
      await enqueueMail(tx, mail, customer);
    });
  }
  return { message: CODE_SENT_MESSAGE };
}

/**
 * Trades a code for a portal session (its token reaches the browser only as a cookie). Each
 * check first takes one of the code's attempts with a conditional update, so parallel guesses
 * cannot exceed the limit; the fifth wrong guess burns the code, and a right one consumes it
 * (single use) and opens a 24-hour session. Checks per customer are capped per day, whichever
 * addresses they come from.
 */
export async function verifyAccessCode(
  slug: string | undefined,
  email: string,
  code: string,
  ip: string,
  now = new Date(),
) {
  await hit(`portal-verify:ip:${ip}`, PORTAL_LIMITS.verifyPerAddress);
  const org = await portalOrganization(slug);
  // Every check takes one of the customer's daily tries up front (so parallel guesses cannot
  // slip past the cap); a right code gives it back.
  const checks = `portal-verify:email:${org.id}:${email}`;
  await hit(checks, PORTAL_LIMITS.failedChecksPerCustomer, TOO_MANY_CHECKS);
  const latest = await db.portalAccessCode.findFirst({
    where: { organizationId: org.id, email },
    orderBy: { createdAt: "desc" },
    select: { id: true, codeHash: true, attempts: true, expiresAt: true, consumedAt: true },
  });
  if (!latest || latest.expiresAt <= now) throw badRequest(NO_CODE);
  if (latest.attempts >= MAX_CODE_ATTEMPTS) throw badRequest(BURNT_CODE);
  if (latest.consumedAt) throw badRequest(NO_CODE);

  const [taken] = await db.portalAccessCode.updateManyAndReturn({
    where: { id: latest.id, consumedAt: null, expiresAt: { gt: now }, attempts: { lt: MAX_CODE_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
    select: { attempts: true },
  });
  if (!taken) throw badRequest(BURNT_CODE);
  if (!sameHash(latest.codeHash, codeHash(org.id, email, code))) {
    throw badRequest(taken.attempts >= MAX_CODE_ATTEMPTS ? BURNT_CODE : WRONG_CODE);
  }

  await refund(checks);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_TTL_MS);
  await db.$transaction(async (tx) => {
    const consumed = await tx.portalAccessCode.updateMany({
      where: { id: latest.id, consumedAt: null },
      data: { consumedAt: now },
    });
    if (consumed.count !== 1) throw badRequest(NO_CODE);
    await tx.portalSession.create({
      data: { organizationId: org.id, email, tokenHash: hashToken(token), expiresAt, createdAt: now },
    });
    await recordEvent(tx, {
      organizationId: org.id,
      actorType: "customer",
      actorLabel: email,
      action: "portal.signed_in",
      targetType: "portal_session",
    });
  });
  const session: PortalSession = { email, expiresAt };
  return { token, session, organization: { name: org.name, slug: org.slug } };
}

/** Logout: the session stops working at once. */
export async function revokePortalSession(customer: PortalCustomer, now = new Date()) {
  await db.portalSession.updateMany({
    where: { id: customer.sessionId, organizationId: customer.organizationId, revokedAt: null },
    data: { revokedAt: now },
  });
}
