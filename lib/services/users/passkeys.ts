import "server-only";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/server";
import { db } from "@/lib/server/db";
import { verifyPassword } from "@/lib/auth/password";
import { forgetSessionRecord } from "@/lib/auth/session";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import { PRODUCT_NAME } from "@/lib/site/product";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { PasskeyJson, RegistrationAnswer } from "@/lib/schemas/passkeys";
import { recordEvent } from "@/lib/services/audit";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { checkSecondFactor, releaseEnrolment, WRONG_CODE } from "@/lib/services/users/two-factor";
import {
  CHALLENGE_TTL_MS,
  challengeBytes,
  issueChallenge,
  relyingParty,
  takeChallenge,
} from "@/lib/services/users/passkey-challenges";

/** EdDSA, ES256 and RS256, in the order authenticators are asked to prefer them (the library's own default). */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];
const NOT_VERIFIED = "That passkey could not be added. Please try again.";
const LAST_ONE_REQUIRED = "Your organization requires two-factor sign-in, so your last passkey cannot be removed.";

/** A passkey names its owner by the user's id (the WebAuthn user handle), never by an email that may change. */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

const toJson = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; backedUp: boolean }) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.backedUp,
});

/** The user's passkeys, oldest first. */
export async function listPasskeys(user: SessionUser): Promise<PasskeyJson[]> {
  const rows = await db.passkey.findMany({
    where: { userId: user.id, organizationId: user.organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toJson);
}

/**
 * Adding a passkey adds a way in that skips the password, so a session left open is not enough:
 * the password again (throttled like sign-in), and an authenticator or recovery code when the
 * user has one. Answers the options for the browser's `navigator.credentials.create` and the
 * challenge cookie's token; the challenge is bound to this user and this browser.
 */
export async function passkeyRegistrationOptions(
  user: SessionUser,
  proof: { password: string; code?: string | undefined },
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; token: string }> {
  await hit(`passkey:proof:${user.id}`, LIMITS.loginPerAccountAndAddress);
  const account = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { passwordHash: true, totp: { select: { confirmedAt: true } } },
  });
  if (!(await verifyPassword(account.passwordHash, proof.password))) throw badRequest("Current password is incorrect");
  if (account.totp?.confirmedAt) {
    if (!proof.code) throw badRequest("Please enter the code from your authenticator app");
    if (!(await checkSecondFactor(user, proof.code))) throw badRequest(WRONG_CODE);
  }
  const existing = await db.passkey.findMany({
    where: { userId: user.id },
    select: { credentialId: true, transports: true },
  });
  const { challenge, token } = await issueChallenge("register", { userId: user.id });
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: relyingParty().rpID,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: userHandle(user.id),
    challenge: challengeBytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
    // Discoverable, so every passkey also signs in without the email; verified, so it is two factors in one.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  return { options, token };
}

/**
 * Verifies the browser's answer to this user's challenge, in this browser, (taken once, so it cannot
 * be replayed), with user verification required, and keeps the new passkey. A passkey is a
 * second factor: sessions of the user waiting for enrolment are let through, as a confirmed
 * authenticator app does.
 */
export async function addPasskey(
  user: SessionUser,
  token: string | null,
  input: { name: string; answer: RegistrationAnswer },
): Promise<PasskeyJson> {
  const challenge = await takeChallenge("register", token, { userId: user.id });
  if (!challenge) throw badRequest("This passkey request has expired. Please start again.");
  const { rpID, origin } = relyingParty();
  const verification = await verifyRegistrationResponse({
    response: input.answer,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(NOT_VERIFIED);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  if (await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } }))
    throw badRequest("This passkey is already added.");
  const { row, released } = await db.$transaction(async (tx) => {
    const row = await tx.passkey.create({
      data: {
        organizationId: user.organizationId,
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: input.answer.response.transports ?? [],
        name: input.name,
        backedUp: credentialBackedUp,
      },
    });
    const released = await releaseEnrolment(tx, user.id);
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "user.passkey_added",
      targetType: "passkey",
      targetId: row.id,
      metadata: { name: row.name },
    });
    return { row, released };
  });
  for (const session of released) forgetSessionRecord(session.id);
  return toJson(row);
}

/** One of the user's own passkeys; another user's (of any organisation) is a 404. */
async function ownPasskey(user: SessionUser, id: string) {
  const row = await db.passkey.findFirst({ where: { id, userId: user.id, organizationId: user.organizationId } });
  if (!row) throw notFound("Passkey not found");
  return row;
}

export async function renamePasskey(user: SessionUser, id: string, name: string): Promise<PasskeyJson> {
  const before = await ownPasskey(user, id);
  const row = await db.$transaction(async (tx) => {
    const row = await tx.passkey.update({ where: { id: before.id }, data: { name } });
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "user.passkey_renamed",
      targetType: "passkey",
      targetId: row.id,
      metadata: { from: before.name, to: name },
    });
    return row;
  });
  return toJson(row);
}

/**
 * Removes a passkey. While the organisation requires two-factor, a user without an authenticator
 * app keeps their last passkey (as the app itself cannot be turned off then).
 */
export async function removePasskey(user: SessionUser, id: string): Promise<void> {
  const row = await ownPasskey(user, id);
  await db.$transaction(async (tx) => {
    // The user's row is locked so two removals at once cannot both see "another one is left".
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${user.id} FOR UPDATE`;
    const [organization, totp, others] = await Promise.all([
      tx.organization.findUniqueOrThrow({ where: { id: user.organizationId }, select: { requireTwoFactor: true } }),
      tx.userTotp.findUnique({ where: { userId: user.id }, select: { confirmedAt: true } }),
      tx.passkey.count({ where: { userId: user.id, id: { not: row.id } } }),
    ]);
    if (organization.requireTwoFactor && !totp?.confirmedAt && others === 0) throw forbidden(LAST_ONE_REQUIRED);
    const { count } = await tx.passkey.deleteMany({ where: { id: row.id, userId: user.id } });
    if (count === 0) throw notFound("Passkey not found");
    await recordEvent(tx, {
      organizationId: user.organizationId,
      actorId: user.id,
      actorLabel: user.fullName,
      action: "user.passkey_removed",
      targetType: "passkey",
      targetId: row.id,
      metadata: { name: row.name },
    });
  });
}
