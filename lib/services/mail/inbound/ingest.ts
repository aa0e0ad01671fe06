import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";
import { isAppError } from "@/lib/errors";
import { env } from "@/lib/server/env";
import { PRODUCT_NAME } from "@/lib/site/product";
import { createTicket, type TicketCreatedHook } from "@/lib/services/tickets/create";
import { throttleCustomerTicket } from "@/lib/services/tickets/customer-limits";
import { notifyTicketCreated } from "@/lib/services/mail/notifications";
import { receiptArticles } from "@/lib/services/kb/receipt-articles";
import { take } from "@/lib/services/rate-limit";
import { saveAttachments } from "@/lib/services/tickets/attachments";
import { enqueueReplyCreated } from "@/lib/services/webhooks/reply-events";
import { lockOrganization } from "@/lib/services/users/seats";
import type { EmailActor } from "@/lib/services/actor";
import type { InboundJob } from "@/lib/services/mail/inbound/accept";
import { authenticateMail, failsDmarc, senderVerified, type AuthResults } from "@/lib/mail/inbound/authentication";
import { classifyNoise, type Noise } from "@/lib/mail/inbound/classify";
import { inboundConfig } from "@/lib/mail/inbound/config";
import { parseInboundMail, type InboundMail } from "@/lib/mail/inbound/parse";
import {
  addBounceNote,
  addMailReply,
  addSkippedFilesNote,
  addSystemNote,
  recordMessageId,
} from "@/lib/mail/inbound/ticket-writes";
import { bouncedMail } from "@/lib/services/mail/inbound/bounces";
import { findThread } from "@/lib/services/mail/inbound/threading";
import { keepInboundCc } from "@/lib/services/tickets/cc";

type Tx = Prisma.TransactionClient;
type Stored = NonNullable<Awaited<ReturnType<typeof loadMessage>>>;
type Meta = { auth: AuthResults; classification: Noise | null };
type Envelope = {
  from?: string | null;
  recipients?: string[];
  remoteAddress?: string | null;
  heloName?: string | null;
};

const SUBJECT_MAX = 200;
const TEXT_MAX = 20_000;
const DAY_MS = 24 * 60 * 60_000;

function loadMessage(id: string) {
  return db.inboundMessage.findUnique({ where: { id } });
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Our own senders: every support address on the platform and MAIL_FROM's address. */
async function isOwnAddress(address: string | null): Promise<boolean> {
  if (!address) return false;
  const mailFrom = (/<([^<>]+)>/.exec(env.mailFrom)?.[1] ?? env.mailFrom).trim().toLowerCase();
  if (address === mailFrom) return true;
  return !!(await db.supportEmail.findUnique({ where: { email: address }, select: { id: true } }));
}

/**
 * Marks the message done inside the transaction that wrote its ticket or reply: a job retried
 * after that commit finds it done and writes nothing twice; a job that lost a race rolls back.
 */
async function finish(
  tx: Tx,
  message: Stored,
  data: {
    status: "processed" | "ignored" | "failed";
    ticketId?: string | null;
    replyId?: string | null;
    error?: string;
  },
  extra: { auth: AuthResults | null; classification: Noise | null },
) {
  const { count } = await tx.inboundMessage.updateMany({
    where: { id: message.id, status: "received" },
    data: {
      ...data,
      authResults: extra.auth ?? undefined,
      classification: extra.classification,
      processedAt: new Date(),
    },
  });
  if (count === 0) throw new Error("inbound message already processed");
}

/**
 * A mail's files, stored in the transaction that writes its ticket or reply (they commit
 * together); files over the message's or the plan's limit are named in a note for the team.
 */
async function storeAttachments(
  tx: Tx,
  where: { organizationId: string; ticketId: string; replyId: string | null },
  files: InboundMail["attachments"],
): Promise<void> {
  if (files.length === 0) return;
  const { skipped } = await saveAttachments(tx, { ...where, files });
  if (skipped.length > 0)
    await addSkippedFilesNote(tx, {
      organizationId: where.organizationId,
      ticketId: where.ticketId,
      lines: skipped.map((file) => file.message),
    });
}

/** The job: turns one stored message into a ticket, a reply or a note (or nothing, for noise). */
export async function ingestInboundMessage({ inboundMessageId }: InboundJob): Promise<void> {
  const message = await loadMessage(inboundMessageId);
  if (!message || message.status !== "received") return;
  const raw = Buffer.from(message.raw);
  const envelope = (message.envelope ?? {}) as Envelope;

  let mail: InboundMail;
  try {
    mail = await parseInboundMail(raw);
  } catch (error) {
    await db.$transaction((tx) =>
      finish(
        tx,
        message,
        { status: "failed", error: `unreadable message: ${String(error).slice(0, 200)}` },
        { auth: null, classification: null },
      ),
    );
    return;
  }
  const auth = await authenticateMail(raw, envelope);
  const noise = classifyNoise({
    header: mail.header,
    contentType: mail.contentType,
    reportType: mail.reportType,
    envelopeFrom: envelope.from,
    fromAddress: mail.fromAddress,
    ownAddresses: (await isOwnAddress(mail.fromAddress)) ? new Set([mail.fromAddress!]) : new Set(),
  });
  if (noise === "bounce")
    return ingestBounce(message, mail, envelope.recipients ?? [], { auth, classification: noise });
  const thread = await findThread({
    organizationId: message.organizationId,
    recipients: envelope.recipients ?? [],
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    subject: mail.subject,
    sender: mail.fromAddress,
  });
  const meta = { auth, classification: noise };
  // A ticket number in a subject is anyone's to type: a mail that only it threads is taken as the
  // customer's only when the From address's domain vouched for it. A signed token or a Message-ID
  // of the thread proves the mail answers one of ours (a forger has neither).
  const proved = !!thread && (thread.by !== "subject" || senderVerified(auth, mail.fromAddress));

  if (noise) return ingestNoise(message, mail, noise, thread?.ticketId ?? null, meta, proved);
  if (!mail.fromAddress) {
    await db.$transaction((tx) => finish(tx, message, { status: "ignored", error: "no sender address" }, meta));
    return;
  }
  // A forged sender must not slip into someone's conversation: it may only open a ticket of its own.
  const ticketId = thread && !failsDmarc(auth) ? thread.ticketId : null;
  if (ticketId) {
    const ticket = await db.ticket.findFirst({
      where: { id: ticketId, organizationId: message.organizationId },
      select: { id: true, status: true, ticketNumber: true },
    });
    if (ticket && ticket.status !== "closed") return ingestReply(message, mail, ticket.id, meta, proved);
    // An unproved sender's new ticket does not claim, in the closed ticket's history, to follow it.
    if (ticket)
      return ingestNewTicket(
        message,
        mail,
        meta,
        proved ? { ticketId: ticket.id, ticketNumber: ticket.ticketNumber } : null,
      );
  }
  return ingestNewTicket(message, mail, meta, null);
}

/**
 * `proved`: how the mail found its ticket proves it answers our mail (see ingestInboundMessage).
 * Only then is its Message-ID remembered for the thread: a later mail naming an unproved one's
 * would otherwise be taken for an answer to ours.
 */
async function ingestNoise(
  message: Stored,
  mail: InboundMail,
  noise: Noise,
  ticketId: string | null,
  meta: Meta,
  proved: boolean,
) {
  await db.$transaction(async (tx) => {
    if (!ticketId) return finish(tx, message, { status: "ignored" }, meta);
    const note = await addSystemNote(tx, {
      organizationId: message.organizationId,
      ticketId,
      noise,
      from: mail.fromAddress,
      subject: mail.subject,
      text: clip(mail.text.trim(), 2_000),
    });
    if (mail.messageId && proved) await recordMessageId(tx, message.organizationId, ticketId, mail.messageId);
    await finish(tx, message, { status: "processed", ticketId, replyId: note.id }, meta);
  });
}

/**
 * A delivery report is believed only when it answers a mail we sent (see bouncedMail), and then
 * for the address that mail went to, whichever address the report names: the customer's tickets
 * tell agents it bounced, with its status code. Any other report is kept out of the tickets, as
 * is a report of a delay (the mail is still on its way).
 */
async function ingestBounce(message: Stored, mail: InboundMail, recipients: string[], meta: Meta) {
  const { organizationId } = message;
  const bounced = await bouncedMail(organizationId, { recipients, messageIds: mail.reportedMessageIds });
  const failure = mail.failedRecipient;
  if (!bounced || !failure) {
    const error = bounced ? "a delivery report of no failure" : "a delivery report that answers no mail we sent";
    await db.$transaction((tx) => finish(tx, message, { status: "ignored", error }, meta));
    if (!bounced) console.warn(JSON.stringify({ level: "warn", msg: `${error}, ignored`, organizationId }));
    return;
  }
  const { code } = failure;
  await db.$transaction(async (tx) => {
    await tx.mailAddressFailure.upsert({
      where: { organizationId_email: { organizationId, email: bounced.recipient } },
      create: { organizationId, email: bounced.recipient, code },
      update: { code, failedAt: new Date() },
    });
    const { ticketId } = bounced;
    if (!ticketId) return finish(tx, message, { status: "processed" }, meta);
    const note = await addBounceNote(tx, { organizationId, ticketId, email: bounced.recipient, code });
    await finish(tx, message, { status: "processed", ticketId, replyId: note.id }, meta);
  });
}

/** `proved` as for ingestNoise: an unproved mail is kept, marked "Sender not verified" (addMailReply). */
async function ingestReply(message: Stored, mail: InboundMail, ticketId: string, meta: Meta, proved: boolean) {
  await db.$transaction(async (tx) => {
    // Attachments take the organisation's lock (its storage limit); taken before the ticket's,
    // in the order every other writer takes them.
    if (mail.attachments.length > 0) await lockOrganization(tx, message.organizationId);
    const reply = await addMailReply(tx, {
      organizationId: message.organizationId,
      ticketId,
      authorEmail: mail.fromAddress!,
      text: clip(mail.text.trim() || "(no text)", TEXT_MAX),
      senderVerified: proved,
    });
    if (mail.messageId && proved) await recordMessageId(tx, message.organizationId, ticketId, mail.messageId);
    // Only a mail proved to be the customer's copies people in: a forger must not add himself to the replies.
    if (proved) await keepInboundCc(tx, { id: ticketId, organizationId: message.organizationId }, mail.ccAddresses);
    await storeAttachments(
      tx,
      { organizationId: message.organizationId, ticketId, replyId: reply.id },
      mail.attachments,
    );
    // Once its files are written: the webhooks' reply carries them.
    await enqueueReplyCreated(tx, { organizationId: message.organizationId, ticketId, id: reply.id });
    // A reply proves the address works again; an unproved one proves nothing.
    if (proved)
      await tx.mailAddressFailure.deleteMany({
        where: { organizationId: message.organizationId, email: mail.fromAddress! },
      });
    await finish(tx, message, { status: "processed", ticketId, replyId: reply.id }, meta);
  });
}

/** Per sender, a few automatic "ticket received" mails a day at most (two help desks cannot loop for long). */
async function mayAutoReply(organizationId: string, sender: string): Promise<boolean> {
  const { allowed } = await take(`mail-autoreply:${organizationId}:${sender}`, {
    limit: inboundConfig.autoRepliesPerDay,
    windowMs: DAY_MS,
  });
  return allowed;
}

async function ingestNewTicket(
  message: Stored,
  mail: InboundMail,
  meta: Meta,
  followUpOf: { ticketId: string; ticketNumber: number } | null,
) {
  const sender = mail.fromAddress!;
  const actor: EmailActor = {
    kind: "email",
    customer: {
      organizationId: message.organizationId,
      email: sender,
      name: clip((mail.fromName ?? sender.split("@")[0]!).replace(/\s+/g, " "), 100),
    },
    supportEmailId: message.supportEmailId,
  };
  const autoReply = await mayAutoReply(message.organizationId, sender);
  const subject = clip(mail.subject || "(no subject)", SUBJECT_MAX);
  // Looked up before the ticket's transaction, which holds its organisation while it runs.
  const articles = autoReply && mail.subject ? await receiptArticles(message.organizationId, subject) : [];
  const onCreated: TicketCreatedHook = async (tx, ticket, organization) => {
    if (mail.messageId) await recordMessageId(tx, message.organizationId, ticket.id, mail.messageId);
    await keepInboundCc(tx, { id: ticket.id, organizationId: message.organizationId }, mail.ccAddresses);
    await storeAttachments(
      tx,
      { organizationId: message.organizationId, ticketId: ticket.id, replyId: null },
      mail.attachments,
    );
    if (followUpOf) {
      const event = { organizationId: message.organizationId, actorType: "customer", actorLabel: sender } as const;
      await tx.auditEvent.createMany({
        data: [
          {
            ...event,
            action: "ticket.follow_up_opened",
            targetType: "ticket",
            targetId: ticket.id,
            ticketId: followUpOf.ticketId,
            metadata: { ticketNumber: ticket.ticketNumber },
          },
          {
            ...event,
            action: "ticket.follow_up_of",
            targetType: "ticket",
            targetId: followUpOf.ticketId,
            ticketId: ticket.id,
            metadata: { ticketNumber: followUpOf.ticketNumber },
          },
        ],
      });
    }
    await finish(tx, message, { status: "processed", ticketId: ticket.id }, meta);
    if (autoReply) await notifyTicketCreated(tx, ticket, organization, { answersMail: true, articles });
  };
  try {
    await throttleCustomerTicket(actor, "");
    await createTicket(
      actor,
      {
        subject,
        description: clip(mail.text.trim() || "(no text)", TEXT_MAX),
        priority: "medium",
        status: "open",
        customerName: actor.customer.name,
        customerEmail: sender,
        assignedTo: null,
      },
      new Date(),
      onCreated,
    );
  } catch (error) {
    // A refused ticket (the customer's throttles or open-ticket cap) is kept, with the reason.
    if (!isAppError(error) || error.code === "service_unavailable" || error.code === "internal") throw error;
    await db.$transaction((tx) =>
      finish(tx, message, { status: "failed", error: `${error.code}: ${error.message}` }, meta),
    );
    console.warn(
      JSON.stringify({ level: "warn", msg: `${PRODUCT_NAME} refused a ticket from mail`, code: error.code }),
    );
  }
}
