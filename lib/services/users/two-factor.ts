import "server-only";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { seal, unseal } from "@/lib/server/secret-box";
import { verifyPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { matchTotp, newTotpSecret, otpauthUrl, totpSecretBytes } from "@/lib/auth/totp";
import { base32Encode } from "@/lib/security/base32";
import { forgetSessionRecord } from "@/lib/auth/session";
import { badRequest, conflict, forbidden } from "@/lib/errors";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { RecoveryCodes, TotpEnrolment, TwoFactorStatus } from "@/lib/schemas/two-factor";
import { recordEvent } from "@/lib/services/audit";
import { hit, LIMITS } from "@/lib/services/rate-limit";

const RECOVERY_CODE_COUNT = 10;
export const WRONG_CODE = "That code is not right. Check your authenticator app, or use a recovery code.";
const WRONG_SETUP_CODE = "That code is not right. Check the time on your phone and enter the newest code.";

/** The secret is sealed for its user: copied onto another user's row it does not open. */
const sealContext = (userId: string) => `totp:${userId}`;

/** What people type: spaces and dashes dropped, case ignored. */
const normalize = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** Ten characters from the base32 alphabet (50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** Whether the user has an authenticator confirmed, a pending one, and how many recovery codes are left. */
export async function twoFactorStatus(user: SessionUser): Promise<TwoFactorStatus> {
  const [totp, left, organization] = await Promise.all([
    db.userTotp.findUnique({ where: { userId: user.id }, select: { confirmedAt: true } }),
    db.recoveryCode.count({ where: { userId: user.id, usedAt: null } }),
    db.organization.findUnique({ where: { id: user.organizationId }, select: { requireTwoFactor: true } }),
  ]);
  return {
    enabled: !!totp?.confirmedAt,
    pending: !!totp && !totp.confirmedAt,
    recoveryCodesLeft: left,
    required: !!organization?.requireTwoFactor,
  };
}

/**
 * Starts enrolment: a new secret, sealed at rest, pending until a code from it confirms it
 * (asking again replaces a pending one). An authenticator already on must be turned off first.
 */
export async function beginTotp(user: SessionUser): Promise<TotpEnrolment> {
  const existing = await db.userTotp.findUnique({ where: { userId: user.id }, select: { confirmedAt: true } });
  if (existing?.confirmedAt) throw conflict("Two-factor sign-in is already on. Turn it off first to set up a new app.");
  const secret = newTotpSecret();
  const sealed = seal(secret, sealContext(user.id));
  await db.userTotp.upsert({
    where: { userId: user.id },
    create: { userId: user.id, organizationId: user.organizationId, secret: sealed },
    update: { secret: sealed, lastStep: null, createdAt: new Date() },
  });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/**
 * The user now has a second factor: their sessions waiting for enrolment are let through. Answers
 * those sessions, for the caller to forget once the transaction commits.
 */
export function releaseEnrolment(tx: Prisma.TransactionClient, userId: string) {
  return tx.userSession.updateManyAndReturn({
    where: { userId, twoFactorPending: true },
    data: { twoFactorPending: false },
    select: { id: true },
  });
}

/**
 * A code from the pending secret turns two-factor on: ten new recovery codes (only their hashes
 * kept), and the user's sessions waiting for enrolment are let through.
 */
export async function confirmTotp(user: SessionUser, code: string): Promise<RecoveryCodes> {
  await hit(`two-factor:confirm:${user.id}`, LIMITS.loginPerAccountAndAddress);
  const pending = await db.userTotp.findUnique({ where: { userId: user.id } });
  if (!pending) throw badRequest("Start setting up two-factor sign-in first.");
  if (pending.confirmedAt) throw conflict("Two-factor sign-in is already on.");
  const step = matchTotp(
    totpSecretBytes(unseal(pending.secret, sealContext(user.id))),
    normalize(code),
    Date.now(),
    null,
  );
  if (step === null) throw badRequest(WRONG_SETUP_CODE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const released = await db.$transaction(async (tx) => {
    const { count } = await tx.userTotp.updateMany({
      where: { userId: user.id, confirmedAt: null, secret: pending.secret },
      data: { confirmedAt: new Date(), lastStep: step },
    });
    if (count === 0) throw conflict("Two-factor set-up changed meanwhile. Please start again.");
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((text) => ({
        organizationId: user.organizationId,
        userId: user.id,
        codeHash: hashToken(normalize(text)),
      })),
    });
    const sessions = await releaseEnrolment(tx, user.id);
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "user.two_factor_enabled",
      targetType: "user",
      targetId: user.id,
    });
    return sessions;
  });
  for (const session of released) forgetSessionRecord(session.id);
  return { recoveryCodes };
}

/**
 * Whether `code` is a valid second factor of the user now: an authenticator code not used before
 * (its step is claimed atomically, so of two requests with one code only one passes), or an
 * unused recovery code (spent by this call, and recorded).
 */
export async function checkSecondFactor(
  user: { id: string; organizationId: string; fullName?: string },
  code: string,
): Promise<"totp" | "recovery" | null> {
  const typed = normalize(code);
  if (/^\d{6}$/.test(typed)) {
    const totp = await db.userTotp.findUnique({ where: { userId: user.id } });
    if (!totp?.confirmedAt) return null;
    const step = matchTotp(
      totpSecretBytes(unseal(totp.secret, sealContext(user.id))),
      typed,
      Date.now(),
      totp.lastStep,
    );
    if (step === null) return null;
    const { count } = await db.userTotp.updateMany({
      where: { userId: user.id, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
      data: { lastStep: step },
    });
    return count === 1 ? "totp" : null;
  }
  return db.$transaction(async (tx) => {
    const { count } = await tx.recoveryCode.updateMany({
      where: { userId: user.id, codeHash: hashToken(typed), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count === 0) return null;
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName ?? null,
      action: "user.recovery_code_used",
      targetType: "user",
      targetId: user.id,
    });
    return "recovery" as const;
  });
}

/** Whether the user signs in with a second factor: a confirmed authenticator app, or a passkey. */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const [totp, passkey] = await Promise.all([
    db.userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } }),
    db.passkey.findFirst({ where: { userId }, select: { id: true } }),
  ]);
  return !!totp?.confirmedAt || !!passkey;
}

/**
 * Turns two-factor off: the password and a code (or a recovery code) together, so a session
 * left open is not enough. Throttled like sign-in. Refused while the organisation requires it.
 */
export async function disableTotp(user: SessionUser, password: string, code: string): Promise<void> {
  await hit(`two-factor:disable:${user.id}`, LIMITS.loginPerAccountAndAddress);
  const [account, organization] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } }),
    db.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: { requireTwoFactor: true } }),
  ]);
  const totp = await db.userTotp.findUnique({ where: { userId: user.id }, select: { confirmedAt: true } });
  if (!totp?.confirmedAt) throw badRequest("Two-factor sign-in is not on.");
  if (organization.requireTwoFactor)
    throw forbidden("Your organization requires two-factor sign-in, so it cannot be turned off.");
  if (!(await verifyPassword(account.passwordHash, password))) throw badRequest("Current password is incorrect");
  if (!(await checkSecondFactor(user, code))) throw badRequest(WRONG_CODE);
  await db.$transaction(async (tx) => {
    await tx.userTotp.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "user.two_factor_disabled",
      targetType: "user",
      targetId: user.id,
    });
  });
}
