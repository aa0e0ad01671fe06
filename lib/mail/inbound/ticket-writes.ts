import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { recordEvent } from "@/lib/services/audit";
import { applyCustomerReply } from "@/lib/services/replies/conversation";
import { enqueueReplyCreated } from "@/lib/services/webhooks/reply-events";
import { PRODUCT_NAME } from "@/lib/site/product";
import { bounceSentence } from "@/lib/format/mail-bounce";
import { NOISE_LABELS, type Noise } from "./classify";
import { visibleReplyText } from "./reply-text";

type Tx = Prisma.TransactionClient;

/** Remembers a Message-ID of the ticket's thread, for replies that name it (threading rule b). */
export async function recordMessageId(tx: Tx, organizationId: string, ticketId: string, messageId: string) {
  await tx.ticketMessageId.createMany({ data: [{ organizationId, ticketId, messageId }], skipDuplicates: true });
}

/**
 * A customer's emailed reply, under the rules of a portal reply: public, the ticket row locked
 * while its status is read, a pending ticket back to open, the assignee mailed in the same
 * transaction. Unlike the portal, a resolved ticket is reopened (mail cannot show "create a new
 * ticket"); a closed one never gets here (it opens a follow-up ticket instead). Quoted history
 * and signatures are stripped; the whole mail stays in the stored original.
 *
 * A mail whose sender is not verified (it named the ticket only by the number in its subject,
 * and the From address's domain did not vouch for it) is kept on the ticket, marked, with its own
 * history entry, and does nothing a customer's reply does: a forger could otherwise reopen
 * tickets, make them the customer's turn in the queue and mail the assignee at will.
 */
export async function addMailReply(
  tx: Tx,
  input: { organizationId: string; ticketId: string; authorEmail: string; text: string; senderVerified: boolean },
  now = new Date(),
) {
  const { organizationId, ticketId, authorEmail, senderVerified } = input;
  await tx.$queryRaw`SELECT 1 FROM "Ticket" WHERE "id" = ${ticketId} AND "organizationId" = ${organizationId} FOR UPDATE`;
  const ticket = await tx.ticket.findFirstOrThrow({ where: { id: ticketId, organizationId } });
  const reply = await tx.reply.create({
    data: {
      organizationId,
      ticketId,
      content: visibleReplyText(input.text),
      type: "public",
      authorType: "customer",
      authorEmail,
      senderVerified,
      createdAt: now,
    },
    select: { id: true, content: true },
  });
  if (!senderVerified) {
    // Told by the product, not in the claimed sender's name: nobody is known to have written it.
    await recordEvent(tx, {
      organizationId,
      actorType: "system",
      actorLabel: PRODUCT_NAME,
      action: "ticket.unverified_reply",
      metadata: { email: authorEmail },
      targetType: "reply",
      targetId: reply.id,
      ticketId,
    });
    return reply;
  }
  const actor = { actorId: null, actorType: "customer", actorLabel: authorEmail } as const;
  await applyCustomerReply(tx, ticket, { ...reply, authorEmail }, actor, ["pending", "resolved"], now);
  return reply;
}

/** A note from the product itself on a ticket, with its history entry (and its webhook event): for the team only. */
async function addProductNote(
  tx: Tx,
  where: { organizationId: string; ticketId: string },
  content: string,
  event: { action: string; metadata: Prisma.InputJsonObject },
) {
  const note = await tx.reply.create({
    data: { ...where, content, type: "internal", authorType: "agent", authorEmail: PRODUCT_NAME },
    select: { id: true },
  });
  await recordEvent(tx, {
    organizationId: where.organizationId,
    actorType: "system",
    actorLabel: PRODUCT_NAME,
    ...event,
    targetType: "reply",
    targetId: note.id,
    ticketId: where.ticketId,
  });
  await enqueueReplyCreated(tx, { ...where, id: note.id });
  return note;
}

/**
 * Mail no person wrote, kept on its ticket as an internal note the team sees (and the customer
 * never does). It neither reopens the ticket nor answers anyone.
 */
export async function addSystemNote(
  tx: Tx,
  input: {
    organizationId: string;
    ticketId: string;
    noise: Noise;
    from: string | null;
    subject: string;
    text: string;
  },
) {
  const lines = [
    `${PRODUCT_NAME} received ${NOISE_LABELS[input.noise]} from ${input.from ?? "an unknown sender"} and did not answer it or reopen the ticket.`,
    "",
    `Subject: ${input.subject || "(no subject)"}`,
    "",
    input.text,
  ];
  return addProductNote(
    tx,
    { organizationId: input.organizationId, ticketId: input.ticketId },
    lines.join("\n").trim(),
    { action: "ticket.mail_noted", metadata: { kind: input.noise } },
  );
}

/**
 * A bounce of our mail to the ticket's customer, told in our own words with the report's status
 * code: the remote server's text is anyone's to write, so it is not repeated where agents read
 * (the original report stays a download in the ticket's Email section).
 */
export async function addBounceNote(
  tx: Tx,
  input: { organizationId: string; ticketId: string; email: string; code: string | null },
) {
  const content = `${bounceSentence(input.email, input.code)}\n\nCheck the customer's address before answering again.`;
  return addProductNote(tx, { organizationId: input.organizationId, ticketId: input.ticketId }, content, {
    action: "ticket.mail_bounced",
    metadata: { email: input.email, code: input.code },
  });
}

/**
 * Files of a mail that were not kept (over the message's or the plan's limit): the team is told
 * which, so they can ask the customer for them another way.
 */
export async function addSkippedFilesNote(
  tx: Tx,
  input: { organizationId: string; ticketId: string; lines: string[] },
) {
  await addProductNote(tx, { organizationId: input.organizationId, ticketId: input.ticketId }, input.lines.join("\n"), {
    action: "ticket.attachments_skipped",
    metadata: { files: input.lines.length },
  });
}
