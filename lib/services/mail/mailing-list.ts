import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/errors";
import { waitlistConfirmationMail } from "@/lib/mail/templates";
import { enqueueMail } from "@/lib/services/mail/outbox";
import type { WaitlistInput } from "@/lib/schemas/mailing-list";
import { hit, LIMITS } from "@/lib/services/rate-limit";

export const SUBSCRIBED_MESSAGE = "Successfully subscribed!";

/**
 * Adds the email to the waitlist with its consent time and mails a confirmation with an
 * unsubscribe link. The answer is the same whether or not the email was already listed:
 * an active subscriber is left untouched, a former one is subscribed again.
 */
export async function subscribe(input: WaitlistInput, ip: string) {
  await hit(`waitlist:ip:${ip}`, LIMITS.waitlistPerAddress);
  const token = newToken();
  const now = new Date();
  const fields = {
    name: input.name ?? null,
    company: input.company ?? null,
    consentAt: now,
    unsubscribeTokenHash: hashToken(token),
    unsubscribedAt: null,
  };
  // One statement: concurrent sign-ups of one address cannot create two rows. Only a new
  // subscriber is mailed (queued with the row), and the answer must not say which.
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ changed: boolean }[]>`
    INSERT INTO "MailingListEntry" ("id", "email", "name", "company", "consentAt", "unsubscribeTokenHash", "createdAt", "updatedAt")
    VALUES (gen_random_uuid()::text, ${input.email}, ${fields.name}, ${fields.company}, ${now}, ${fields.unsubscribeTokenHash}, ${now}, ${now})
    ON CONFLICT ("email") DO UPDATE SET
      "name" = EXCLUDED."name", "company" = EXCLUDED."company", "consentAt" = EXCLUDED."consentAt",
      "unsubscribeTokenHash" = EXCLUDED."unsubscribeTokenHash", "unsubscribedAt" = NULL, "updatedAt" = EXCLUDED."updatedAt"
      WHERE "MailingListEntry"."unsubscribedAt" IS NOT NULL
    RETURNING true AS changed`;
    if (rows.length > 0)
      await enqueueMail(tx, waitlistConfirmationMail(input.email, `${env.appUrl}/unsubscribe/${token}`));
  });
  return { message: SUBSCRIBED_MESSAGE };
}

/** Idempotent: a second use of the same link succeeds again without changing anything. */
export async function unsubscribe(token: string) {
  const entry = await db.mailingListEntry.findUnique({
    where: { unsubscribeTokenHash: hashToken(token) },
    select: { id: true, unsubscribedAt: true },
  });
  if (!entry) throw notFound("This unsubscribe link is invalid or has expired");
  if (!entry.unsubscribedAt)
    await db.mailingListEntry.update({ where: { id: entry.id }, data: { unsubscribedAt: new Date() } });
  return { message: "You have been unsubscribed from our mailing list." };
}
