import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { db, queryRows } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { hashToken, newToken } from "@/lib/auth/tokens";

/** A browser has this long to answer a challenge: enough to find the key and touch it. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = "register" | "sign-in";
type Taken = { purpose: string; challenge: string; userId: string | null; expiresAt: Date };
/** The user a registration is for; a sign-in names its user only by the passkey that answers. */
type Binding = { userId: string } | null;

/** The relying party is the product's public address: its host name is the RP ID, its origin the only origin accepted. */
export function relyingParty(): { rpID: string; origin: string } {
  const url = new URL(env.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * A fresh challenge (32 random bytes, base64url), stored server-side under the hash of a random
 * token that only the asking browser holds (in its challenge cookie). A registration's challenge
 * is bound to its user as well. Answers the challenge and the cookie's token.
 */
export async function issueChallenge(
  purpose: ChallengePurpose,
  binding: Binding,
): Promise<{ challenge: string; token: string }> {
  const challenge = randomBytes(32).toString("base64url");
  const token = newToken();
  await db.passkeyChallenge.create({
    data: {
      tokenHash: hashToken(token),
      purpose,
      challenge,
      userId: binding?.userId ?? null,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    },
  });
  return { challenge, token };
}

/** The challenge as bytes: the options carry it base64url-encoded, exactly as stored (a string would be encoded again). */
export const challengeBytes = (challenge: string) => new Uint8Array(Buffer.from(challenge, "base64url"));

/**
 * Takes the browser's challenge, once: deleting it is the claim, so a replayed answer (or two
 * at once) finds nothing. Answers null for no token, another purpose, another user,
 * or a challenge past its minutes.
 */
export async function takeChallenge(
  purpose: ChallengePurpose,
  token: string | null,
  binding: Binding,
): Promise<string | null> {
  if (!token) return null;
  const [row] = await queryRows<Taken>(
    Prisma.sql`DELETE FROM "PasskeyChallenge" WHERE "tokenHash" = ${hashToken(token)}
      RETURNING "purpose", "challenge", "userId", "expiresAt"`,
  );
  if (!row || row.purpose !== purpose || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.userId !== (binding?.userId ?? null)) return null;
  return row.challenge;
}
