import "server-only";
import { db } from "@/lib/server/db";
import { afterResponse } from "@/lib/server/after-response";
import { env } from "@/lib/server/env";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/errors";
import { waitlistConfirmationMail } from "@/lib/mail/templates";
import { sendMail } from "@/lib/mail/transport";
import type { WaitlistInput } from "@/lib/schemas/mailing-list";
import { hit, LIMITS } from "./rate-limit";

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
  // One statement: concurrent sign-ups of one address cannot create two rows.
  const rows = await db.$queryRaw<{ changed: boolean }[]>`
    INSERT INTO "MailingListEntry" ("id", "email", "name", "company", "consentAt", "unsubscribeTokenHash", "createdAt", "updatedAt")
    VALUES (gen_random_uuid()::text, ${input.email}, ${fields.name}, ${fields.company}, ${now}, ${fields.unsubscribeTokenHash}, ${now}, ${now})
    ON CONFLICT ("email") DO UPDATE SET
      "name" = EXCLUDED."name", "company" = EXCLUDED."company", "consentAt" = EXCLUDED."consentAt",
      "unsubscribeTokenHash" = EXCLUDED."unsubscribeTokenHash", "unsubscribedAt" = NULL, "updatedAt" = EXCLUDED."updatedAt"
      WHERE "MailingListEntry"."unsubscribedAt" IS NOT NULL
    RETURNING true AS changed`;
  // Mailed after the response: only a new subscriber gets one, and the answer must not say which.
  if (rows.length > 0) {
    const message = waitlistConfirmationMail(input.email, `${env.appUrl}/unsubscribe/${token}`);
    afterResponse("waitlist confirmation mail", () => sendMail(message));
  }
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
