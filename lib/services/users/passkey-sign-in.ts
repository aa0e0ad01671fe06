import "server-only";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { db } from "@/lib/server/db";
import { unauthorized } from "@/lib/errors";
import type { SessionUser } from "@/lib/schemas/session-user";
import type { AuthenticationAnswer } from "@/lib/schemas/passkeys";
import { recordEvent } from "@/lib/services/audit";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { SESSION_USER_SELECT } from "@/lib/services/users/session-users";
import {
  countAddressLoginAttempt,
  countLoginAttempt,
  LOGIN_THROTTLED,
  loginSucceeded,
} from "@/lib/services/users/login-throttle";
import { startSession, type SignInPlace } from "@/lib/services/users/sessions";
import { refusePasswordWhereSsoOnly } from "@/lib/services/sso/password-block";
import {
  CHALLENGE_TTL_MS,
  challengeBytes,
  issueChallenge,
  relyingParty,
  takeChallenge,
} from "@/lib/services/users/passkey-challenges";

export const PASSKEY_REFUSED = "That passkey could not be checked. Please try again, or sign in with your password.";
const refused = () => unauthorized(PASSKEY_REFUSED, "invalid_passkey");

/**
 * A challenge for `navigator.credentials.get`, for a password-less sign-in or the second step
 * after a password: no credentials are listed (every passkey is discoverable), so the answer says
 * nothing about which accounts have one. Throttled per address as sign-in is, since each one is a
 * row until it is used or expires.
 */
export async function passkeySignInOptions(
  address: string,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; token: string }> {
  await hit(`passkey:options:ip:${address}`, LIMITS.loginPerAddress, LOGIN_THROTTLED);
  const { challenge, token } = await issueChallenge("sign-in", null);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    challenge: challengeBytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    userVerification: "required",
  });
  return { options, token };
}

type StoredPasskey = { id: string; userId: string; organizationId: string; publicKey: Uint8Array; counter: bigint };

/**
 * Verifies an answer of `passkey` to this browser's challenge (taken first, once, whatever
 * follows): origin and RP ID from APP_URL, user verification required, the signature by the
 * stored key. The signature counter must then go up (when the authenticator counts at all): one
 * that does not is a copy of the key or a replay, refused and recorded. The new count is claimed
 * by a conditional update, so two answers with one count let one in.
 */
async function verifyAnswer(passkey: StoredPasskey, answer: AuthenticationAnswer, challenge: string) {
  const { rpID, origin } = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    // The counter is compared below, once the signature has proved the answer is the key's own.
    credential: { id: answer.id, publicKey: new Uint8Array(passkey.publicKey), counter: 0 },
  }).catch(() => null);
  if (!verification?.verified) throw refused();
  const counted = BigInt(verification.authenticationInfo.newCounter);
  const counts = counted > 0n || passkey.counter > 0n;
  const claimed =
    !counts || counted > passkey.counter
      ? await db.passkey.updateMany({
          where: { id: passkey.id, ...(counts ? { counter: passkey.counter } : {}) },
          data: { counter: counted, lastUsedAt: new Date() },
        })
      : { count: 0 };
  if (claimed.count === 1) return;
  await recordEvent(db, {
    organizationId: passkey.organizationId,
    actorType: "system",
    action: "user.passkey_counter_rejected",
    targetType: "passkey",
    targetId: passkey.id,
    metadata: { user: passkey.userId, stored: passkey.counter.toString(), answered: counted.toString() },
  });
  throw refused();
}

/** The passkey an answer names, with the challenge it answers; an unknown passkey or a spent challenge is refused. */
async function answeredPasskey(answer: AuthenticationAnswer, token: string | null) {
  const challenge = await takeChallenge("sign-in", token, null);
  const passkey = await db.passkey.findUnique({
    where: { credentialId: answer.id },
    select: { id: true, userId: true, organizationId: true, publicKey: true, counter: true },
  });
  return { challenge, passkey };
}

/**
 * The second step of a password sign-in answered with a passkey: it must be one of this user's.
 * Answers whether it verified.
 */
export async function checkPasskeyFactor(
  user: { id: string },
  answer: AuthenticationAnswer,
  token: string | null,
): Promise<boolean> {
  const { challenge, passkey } = await answeredPasskey(answer, token);
  if (!challenge || !passkey || passkey.userId !== user.id) return false;
  try {
    await verifyAnswer(passkey, answer, challenge);
    return true;
  } catch {
    return false;
  }
}

/**
 * Password-less sign-in: the passkey names its user, whose sign-in throttles count the attempt as
 * a password's would (an unknown passkey counts against the address). A verified passkey is both
 * factors (something held, and the PIN or fingerprint that unlocked it), so the organisation's
 * two-factor rule is met. Refused (403 sso_required) where the organisation's single sign-on is
 * the only way in. The session is started as any sign-in's: new-device mail, audit.
 */
export async function passkeyLogin(
  answer: AuthenticationAnswer,
  token: string | null,
  place: SignInPlace,
): Promise<{ user: SessionUser; sessionId: string }> {
  const { challenge, passkey } = await answeredPasskey(answer, token);
  const user = passkey && (await db.user.findUnique({ where: { id: passkey.userId }, select: SESSION_USER_SELECT }));
  if (!user) {
    await countAddressLoginAttempt(place.address);
    throw refused();
  }
  await countLoginAttempt(user.email, place.address);
  // Where the organisation's provider is the only way in, a passkey is no way around it.
  await refusePasswordWhereSsoOnly(user);
  if (!challenge || !user.isActive) throw refused();
  // The user handle the authenticator keeps must be the passkey's owner too.
  const handle = answer.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString() !== user.id) throw refused();
  await verifyAnswer(passkey!, answer, challenge);
  await loginSucceeded(user.email, place.address);
  const sessionId = await startSession(user, place, { method: "passkey", signIn: { passkey: passkey!.id } });
  return { user, sessionId };
}
