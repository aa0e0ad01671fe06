import "server-only";
import { db } from "@/lib/server/db";
import { enqueue } from "@/lib/jobs";
import { env } from "@/lib/server/env";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { forgetSessionUser } from "@/lib/auth/session";
import type { SessionUser } from "@/lib/schemas/session-user";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { badRequest, conflict, unauthorized } from "@/lib/errors";
import { passwordResetMail, registrationAttemptMail } from "@/lib/mail/templates";
import { enqueueMail } from "@/lib/services/mail/outbox";
import type { LoginInput, RegisterInput } from "@/lib/schemas/auth";
import { recordEvent } from "@/lib/services/audit";
import { revokePasswordResets, storeNewPassword } from "@/lib/services/users/token-revocation";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import {
  countLoginAttempt,
  liftAccountLoginLimit,
  loginAwaitsCode,
  loginSucceeded,
} from "@/lib/services/users/login-throttle";
import { startSession, type SignInPlace } from "@/lib/services/users/sessions";
import { checkSecondFactor, hasTwoFactor, WRONG_CODE } from "@/lib/services/users/two-factor";
import { mustEnrolTwoFactor } from "@/lib/services/organizations/two-factor-policy";
import { refusePasswordWhereSsoOnly } from "@/lib/services/sso/password-block";
import { checkPasskeyFactor, PASSKEY_REFUSED } from "@/lib/services/users/passkey-sign-in";

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const INVALID_LOGIN = "Invalid email or password";
const CODE_REQUIRED = "Enter the code from your authenticator app";
const INVALID_RESET = "This password reset link is invalid or has expired. Please request a new one.";

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword("timing-equaliser-not-a-password"));

/**
 * Checks credentials; the same 401 for an unknown email, a wrong password or an inactive user.
 * A user with a second factor is asked for its code (401 two_factor_required) until the same call
 * carries one, or a passkey's answer instead (401 invalid_passkey when it does not verify); a
 * wrong code is 401 invalid_code. Every call counts against the sign-in throttles,
 * so codes are guessed no faster than passwords. Answers the user and the new session's id.
 */
export async function login(
  { email, password, code, passkey }: LoginInput,
  place: SignInPlace,
  passkeyChallenge: string | null = null,
): Promise<{ user: SessionUser; sessionId: string }> {
  const ip = place.address;
  await countLoginAttempt(email, ip);
  const user = await db.user.findUnique({ where: { email }, select: { ...SESSION_USER_SELECT, passwordHash: true } });
  await refusePasswordWhereSsoOnly(user);
  const valid = await verifyPassword(user?.passwordHash ?? (await timingDummy()), password);
  if (!user || !valid || !user.isActive) throw unauthorized(INVALID_LOGIN, "invalid_credentials");
  const { passwordHash: _omit, ...sessionUser } = user;
  const secondFactor = await hasTwoFactor(user.id);
  let usedFactor: "totp" | "recovery" | "passkey" | null = null;
  if (secondFactor && passkey) {
    if (!(await checkPasskeyFactor(user, passkey, passkeyChallenge)))
      throw unauthorized(PASSKEY_REFUSED, "invalid_passkey");
    usedFactor = "passkey";
  } else if (secondFactor) {
    if (!code) {
      await loginAwaitsCode(email, ip);
      throw unauthorized(CODE_REQUIRED, "two_factor_required");
    }
    usedFactor = await checkSecondFactor(sessionUser, code);
    if (!usedFactor) throw unauthorized(WRONG_CODE, "invalid_code");
  }
  await loginSucceeded(email, ip);
  const twoFactorPending = await mustEnrolTwoFactor(user.organizationId, secondFactor);
  const sessionId = await startSession(sessionUser, place, { twoFactorPending, signIn: { secondFactor: usedFactor } });
  return { user: sessionUser, sessionId };
}

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return base || "team";
}

async function uniqueSlug(name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (await db.organization.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map(
      (o) => o.slug,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function usernameFor(email: string): string {
  return email.split("@")[0]!.slice(0, 64);
}

/**
 * Creates the organisation (free plan, onboarding pending) and its first admin together. A
 * taken address is refused, as the product has always done: the sign-up signs its new owner in
 * at once, so no answer could hide it. The refusal is throttled per client address and per email,
 * and the address's owner is told someone tried (by a queued mail).
 */
export async function register(input: RegisterInput, ip: string) {
  await hit(`register:ip:${ip}`, LIMITS.registerPerAddress);
  await hit(`register:email:${input.email}`, LIMITS.registerPerEmail);
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    const notice = registrationAttemptMail(input.email, `${env.appUrl}/forgot-password`);
    await enqueueMail(db, notice);
    throw conflict("An account with this email already exists");
  }
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const organization = await tx.organization.create({
          data: {
            name: input.companyName,
            slug: await uniqueSlug(input.companyName),
            plan: "free",
            onboardingCompleted: false,
          },
        });
        const user = await tx.user.create({
          data: {
            organizationId: organization.id,
            fullName: input.fullName,
            email: input.email,
            username: usernameFor(input.email),
            role: "org_admin",
            passwordHash,
          },
          select: SESSION_USER_SELECT,
        });
        await recordEvent(tx, {
          organizationId: organization.id,
          actorId: user.id,
          action: "organization.registered",
          targetType: "organization",
          targetId: organization.id,
        });
        return { user, organization };
      });
    } catch (error) {
      const target = String((error as { meta?: { target?: unknown } }).meta?.target ?? (error as Error).message);
      if ((error as { code?: string }).code !== "P2002") throw error;
      if (/email/i.test(target)) throw conflict("An account with this email already exists");
      if (attempt >= 3) throw error; // the slug was taken concurrently: try the next one
    }
  }
}

export const FORGOT_PASSWORD_MESSAGE = "If an account exists for this email, a password reset link has been sent.";

export const PASSWORD_RESET_JOB = "account.password-reset";

/**
 * Same answer, in the same time, whether or not the email exists: after the throttles, one job
 * is queued either way; looking the account up, issuing the link and mailing it happen in it.
 */
export async function requestPasswordReset(email: string, ip: string) {
  await hit(`forgot:ip:${ip}`, LIMITS.forgotPerAddress);
  await hit(`forgot:account:${email}`, LIMITS.forgotPerAccount);
  await enqueue(db, PASSWORD_RESET_JOB, { email });
}

/** Only the newest link works; it is built from APP_URL only. The link's mail commits with it. */
export async function issuePasswordReset(email: string) {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, organizationId: true, isActive: true },
  });
  if (!user || !user.isActive) return;
  const token = newToken();
  const now = new Date();
  const link = `${env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // Asking again ends the earlier links.
  await db.$transaction(async (tx) => {
    await revokePasswordResets(tx, user.id);
    await tx.passwordResetToken.create({
      data: {
        organizationId: user.organizationId,
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      },
    });
    await enqueueMail(tx, passwordResetMail(email, link), { organizationId: user.organizationId });
  });
}

/**
 * Uses a reset token exactly once: the conditional update claims it atomically, so of many
 * concurrent uses only one succeeds. Sets the password and revokes every session and every
 * other reset link of the user.
 */
export async function resetPassword(token: string, newPassword: string, ip: string) {
  await hit(`reset:ip:${ip}`, LIMITS.resetPerAddress);
  const tokenHash = hashToken(token);
  const live = () => ({ tokenHash, usedAt: null, expiresAt: { gt: new Date() } });
  // Hashing costs real CPU: a made-up or dead link is refused before any is spent.
  if (!(await db.passwordResetToken.findFirst({ where: live(), select: { id: true } })))
    throw badRequest(INVALID_RESET);
  const passwordHash = await hashPassword(newPassword);
  const { id, email } = await db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateManyAndReturn({
      where: live(),
      data: { usedAt: new Date() },
      select: { userId: true, organizationId: true },
    });
    const row = claimed[0];
    if (!row) throw badRequest(INVALID_RESET);
    return storeNewPassword(
      tx,
      { id: row.userId, organizationId: row.organizationId },
      passwordHash,
      "user.password_reset",
    );
  });
  forgetSessionUser(id);
  await liftAccountLoginLimit(email);
}
