import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { recordEvent } from "@/lib/services/audit";
import { applyCustomerReply } from "@/lib/services/replies/conversation";
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
 */
export async function addMailReply(
  tx: Tx,
  input: { organizationId: string; ticketId: string; authorEmail: string; text: string },
  now = new Date(),
) {
  const { organizationId, ticketId, authorEmail } = input;
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
      createdAt: now,
    },
    select: { id: true, content: true },
  });
  const actor = { actorId: null, actorType: "customer", actorLabel: authorEmail } as const;
  await applyCustomerReply(tx, ticket, { ...reply, authorEmail }, actor, ["pending", "resolved"], now);
  return reply;
}

/** A note from the product itself on a ticket, with its history entry: for the team only. */
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
