import "server-only";
import { db, queryRows } from "@/lib/server/db";
import { Prisma } from "@/generated/prisma/client";
import { addJob, enqueue, type JobExecutor, type JobRun } from "@/lib/jobs";
import { recordedMessageId } from "@/lib/mail/thread/outgoing";
import { returnPath } from "@/lib/mail/thread/return-path";
import { mailDomain, transmit, type MailFile, type MailMessage } from "@/lib/mail/transport";
import { attachmentStorage } from "@/lib/storage";
import { loggable } from "@/lib/http/server/loggable";
import { uuidv7 } from "@/lib/server/ids";
import { PRODUCT_NAME } from "@/lib/site/product";
import { recordEvent } from "@/lib/services/audit";
import { takeMailQuota } from "@/lib/services/mail/quota";

export const MAIL_JOB = "mail.send";

/**
 * Attempts per email. The queue waits e^n seconds after the n-th failure (capped at e^10, about
 * 6 h), so 14 attempts keep trying for about 28 hours before the mail is given up as dead.
 */
export const MAIL_MAX_ATTEMPTS = 14;
export const MAIL_JOB_OPTIONS = { maxAttempts: MAIL_MAX_ATTEMPTS };

export type MailJob = {
  deliveryId: string;
  message: MailMessage;
  /** The organisation whose change caused the mail (its Activity hears of a dead customer mail). */
  organizationId?: string;
  /** Mail to an address the organisation chose (a customer) takes one from its email quota. */
  customer?: { what: string };
  /** Sent only while no account uses the recipient's address (an email-change link). */
  onlyIfNoAccount?: boolean;
};

type MailOptions = Omit<MailJob, "deliveryId" | "message">;

/**
 * Queues one email as part of the caller's change: pass the transaction's `tx` and the mail is
 * sent exactly when the change commits; the request never waits for SMTP.
 */
export async function enqueueMail(executor: JobExecutor, message: MailMessage, opts: MailOptions = {}) {
  await enqueue(executor, MAIL_JOB, mailJob(message, opts), MAIL_JOB_OPTIONS);
}

/**
 * The WITH entries of a statement that queues a ticket's mail with the change it belongs to:
 * `thread` records the mail's Message-ID in the ticket's thread and `mail` adds its job, once for
 * each row of the entry `from`, whose column `ticketColumn` holds the ticket's id (`payload`
 * evaluates to the job's JSON text there). Both names end with `suffix`, so that one statement can
 * hold several tickets' entries. The statement must select mailed(suffix): a SELECT in WITH runs
 * only when read.
 */
export function threadMailSql(m: {
  from: string;
  ticketColumn: string;
  organizationId: string;
  messageId: string;
  payload: Prisma.Sql;
  now: Date;
  suffix?: string;
}): Prisma.Sql {
  const from = Prisma.raw(`"${m.from}"`);
  const [thread, mail] = ["thread", "mail"].map((name) => Prisma.raw(`"${name}${m.suffix ?? ""}"`));
  return Prisma.sql`, ${thread} AS (
      INSERT INTO "TicketMessageId" ("organizationId", "ticketId", "messageId", "createdAt")
      SELECT ${m.organizationId}, ${Prisma.raw(`"${m.ticketColumn}"`)}, ${recordedMessageId(m.messageId)}, ${m.now} FROM ${from}
    ), ${mail} AS (
      SELECT 1 FROM ${from}, ${addJob(MAIL_JOB, m.payload, MAIL_JOB_OPTIONS)}
    )`;
}

/** How many mails threadMailSql's entries named with `suffix` queued (selecting it is what adds them). */
export const mailed = (suffix = "") => Prisma.sql`(SELECT count(*) FROM ${Prisma.raw(`"mail${suffix}"`)})::int`;

/** How many mails threadMailSql's entries queued (selecting it is what adds them). */
export const MAILED = mailed();

/** One email's job, for a caller that adds it within its own statement (see addJob). */
export function mailJob(message: MailMessage, opts: MailOptions = {}): MailJob {
  return { deliveryId: uuidv7(), message, ...opts };
}

/**
 * The delivery row, marked as being sent; nothing when the mail is not to be sent (already sent
 * or refused, or stopped by its conditions). Written before the first send, it fixes the
 * Message-ID and says if SMTP accepted. The queue counts a job's attempts as it takes it, so a
 * first attempt has no row yet and creates it at once: every mail saves the lookup and an update.
 * (Were there one after all, creating it fails on its id and the retry finds it.)
 */
async function startAttempt(job: MailJob, run: JobRun) {
  if (run.attempt > 1) {
    const earlier = await db.mailDelivery.findUnique({ where: { id: job.deliveryId } });
    if (earlier?.status === "sent" || earlier?.status === "refused") return null;
    if (earlier)
      return db.mailDelivery.update({
        where: { id: earlier.id },
        data: { attempts: { increment: 1 }, status: "sending" },
      });
  }
  if (job.onlyIfNoAccount && (await db.user.findUnique({ where: { email: job.message.to }, select: { id: true } })))
    return null;
  const now = new Date();
  // The row, written for each row of `source` (a FROM clause) if any.
  const insert = (source: Prisma.Sql) => Prisma.sql`
    INSERT INTO "MailDelivery" ("id", "organizationId", "messageId", "recipient", "subject", "status", "attempts", "createdAt", "updatedAt")
    SELECT ${job.deliveryId}, ${job.organizationId ?? null}, ${job.message.messageId ?? `<${job.deliveryId}@${mailDomain()}>`},
      ${job.message.to}, ${job.message.subject}, 'sending', 1, ${now}, ${now} ${source}
    RETURNING "id", "messageId"`;
  // Every address the mail goes to counts, its CCs as its customer: copying people in is no way around the quota.
  if (job.customer && job.organizationId)
    return takeMailQuota<Delivery>(job.organizationId, job.customer.what, insert, 1 + (job.message.cc?.length ?? 0));
  const [created] = await queryRows<Delivery>(insert(Prisma.empty));
  return created!;
}

/**
 * The bytes of the files a mail sends, read when it goes out (a job holds only their keys). A
 * file deleted since (its ticket or reply removed) is left out rather than holding the mail back.
 */
async function mailFiles(message: MailMessage): Promise<MailFile[]> {
  const files: MailFile[] = [];
  for (const file of message.attachments ?? []) {
    const content = await attachmentStorage().get(file.storageKey);
    if (content) files.push({ filename: file.filename, contentType: file.contentType, content });
  }
  return files;
}

/** What sending needs of a delivery row. */
type Delivery = { id: string; messageId: string };

/**
 * Records what SMTP said of a mail. Every mail's first attempt creates its row and ends here, so
 * both go straight to the pool (see queryRows), as does the quota: through Prisma, the work of
 * building and mapping each statement was a large share of what a mail costs the server, and
 * every new ticket mails its customer.
 */
async function recordOutcome(id: string, outcome: "sent" | "refused") {
  const now = new Date();
  const set =
    outcome === "sent"
      ? Prisma.sql`"status" = 'sent', "sentAt" = ${now}, "lastError" = NULL`
      : Prisma.sql`"status" = 'refused'`;
  await queryRows(Prisma.sql`UPDATE "MailDelivery" SET ${set}, "updatedAt" = ${now} WHERE "id" = ${id}`);
}

/** How long recording an accepted mail keeps trying while the database is away. */
const RECORD_ACCEPTED_FOR_MS = 5 * 60_000;

/**
 * Once SMTP has accepted a mail, recording that must outlast a database restart: a job that
 * failed here would be retried and send the mail again. Tries again (250 ms doubling to 5 s)
 * until it is saved or the time is up.
 */
async function untilSaved<T>(write: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RECORD_ACCEPTED_FOR_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Sends a queued email at most once per acceptance: a mail SMTP already accepted is never sent
 * again, even when its job is retried after a crash. (A crash in the instant between SMTP's
 * acceptance and the row's update, or a database away for longer than the update keeps trying,
 * resends it under the same Message-ID, which mail systems recognise as one message.) On failure the queue retries with backoff; after the last attempt
 * the mail is dead, and a customer's dead mail is written to the organisation's Activity, so
 * the team knows who heard nothing.
 */
export async function deliverMail(job: MailJob, run: JobRun) {
  const row = await startAttempt(job, run);
  if (!row) return;
  try {
    // An organisation's mail bounces to a return path naming it, so the report can be trusted.
    const bouncesTo = job.organizationId ? returnPath(job.organizationId, row.id) : undefined;
    const outcome = await transmit(job.message, row.messageId, bouncesTo, await mailFiles(job.message));
    await untilSaved(() => recordOutcome(row.id, outcome));
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 500) : "unknown";
    await db.mailDelivery.update({
      where: { id: row.id },
      data: { lastError: reason, ...(run.lastAttempt ? { status: "dead" } : {}) },
    });
    console.error(
      JSON.stringify({
        level: "error",
        msg: run.lastAttempt ? "email given up after the last attempt" : "email delivery failed; will retry",
        attempt: run.attempt,
        ...loggable(error),
      }),
    );
    if (run.lastAttempt && job.customer && job.organizationId) {
      await recordEvent(db, {
        organizationId: job.organizationId,
        actorType: "system",
        actorLabel: PRODUCT_NAME,
        action: "mail.undeliverable",
        targetType: "email",
        targetId: row.id,
        metadata: { email: job.message.to, subject: job.message.subject, what: job.customer.what },
      });
    }
    throw error;
  }
}
