import "server-only";
import type { TicketStatus } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { conflict, forbidden, notFound } from "@/lib/errors";
import type { Prisma } from "@/generated/prisma/client";
import type { ConversationQuery, CreateReplyInput, CustomerReply, Reply } from "@/lib/schemas/tickets";
import type { WithAttachments } from "@/lib/schemas/attachments";
import {
  auditActor,
  customerOf,
  replyAuthor,
  sessionActor,
  staffAuthor,
  type CustomerActor,
} from "@/lib/services/actor";
import { attachmentsOfReplies } from "@/lib/services/tickets/attachments";
import { afterCursor, oldestFirstPageOf } from "@/lib/services/keyset";
import { recordEvent } from "@/lib/services/audit";
import { notifyAgentReply, notifyCustomerReply } from "@/lib/services/mail/notifications";
import { lockTicket } from "@/lib/services/tickets/lock";
import { can } from "@/lib/permissions/table";
import { markdownBody, replyBody, REPLY_BODY_SELECT, toReply } from "@/lib/services/replies/body";
import { writePlainReply } from "@/lib/services/replies/plain";
import { DONE_STATUSES } from "@/lib/tickets/fields";
import { refreshTicketSla } from "@/lib/services/sla/ticket-sla";
import { statusClock } from "@/lib/services/tickets/status";
import { assertFresh } from "@/lib/services/tickets/versions";
import { toTicketJson } from "@/lib/services/tickets/json";
import { applyTicketChange, runUpdateRules } from "@/lib/services/tickets/update";
import { runEventRules } from "@/lib/services/automations/engine";
import { macroAssignee, macroForReply, type AppliedMacro } from "@/lib/services/replies/macros";
import { applyTicketTags } from "@/lib/services/tickets/tags";
import { enqueueReplyCreated } from "@/lib/services/webhooks/reply-events";
import { enqueueTicketChange } from "@/lib/services/webhooks/ticket-events";
import { authorNameOf, REPLY_SELECT } from "@/lib/services/replies/staff-reply";
import { recordArticlesSent } from "@/lib/services/kb/sent";
import { claimUploads, uploadOwner } from "@/lib/services/tickets/uploads";
import { addReplyCc } from "@/lib/services/tickets/cc";
import { assertRequiredFilled } from "@/lib/services/fields/ticket-values";

/** What a customer's view of a reply is built from: the names, not the addresses. */
export const CUSTOMER_REPLY_SELECT = {
  id: true,
  ticketId: true,
  ...REPLY_BODY_SELECT,
  type: true,
  authorType: true,
  senderVerified: true,
  createdAt: true,
  author: { select: { fullName: true } },
  ticket: { select: { customerName: true } },
} as const satisfies Prisma.ReplySelect;

type CustomerReplyRow = Prisma.ReplyGetPayload<{ select: typeof CUSTOMER_REPLY_SELECT }>;

/** A reply as a customer may see it; built field by field so nothing else slips through. */
export function toCustomerReply({ author, ticket, ...reply }: CustomerReplyRow): CustomerReply {
  const authorName = authorNameOf(reply.authorType, ticket.customerName, author?.fullName);
  return {
    id: reply.id,
    ticketId: reply.ticketId,
    content: reply.content,
    ...replyBody(reply),
    type: reply.type,
    authorType: reply.authorType,
    authorName,
    senderVerified: reply.senderVerified,
    createdAt: reply.createdAt,
  };
}

/**
 * A page of the public replies of a ticket as its customer sees them, oldest first: the newest
 * `limit` before the cursor, and where the earlier ones start (the caller has checked the ticket is theirs).
 */
export async function listCustomerReplies(
  organizationId: string,
  ticketId: string,
  query: ConversationQuery,
): Promise<{ replies: WithAttachments<CustomerReply>[]; nextCursor: string | null }> {
  const rows = await db.reply.findMany({
    where: { AND: [{ organizationId, ticketId, type: "public" }, afterCursor(query.cursor)] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    select: CUSTOMER_REPLY_SELECT,
  });
  const { page, nextCursor } = oldestFirstPageOf(rows, query.limit);
  const withFiles = await attachmentsOfReplies(
    organizationId,
    ticketId,
    page.map((row) => row.id),
  );
  return { replies: page.map((row) => withFiles(toCustomerReply(row))), nextCursor };
}

/** A signed-in reply: staff as agents, an end user as the customer (see createCustomerReply). */
export function createReply(
  user: SessionUser,
  input: CreateReplyInput,
  now = new Date(),
): Promise<Reply | CustomerReply> {
  const actor = sessionActor(user);
  if (input.status !== undefined && !can(user, "tickets.update"))
    throw forbidden("Customers cannot change status, priority or assignee");
  if (input.macroId !== undefined && !can(user, "macros.read")) throw forbidden("Customers cannot apply macros");
  if (input.articleIds?.length && !can(user, "kb.read"))
    throw forbidden("Customers cannot send knowledge base articles");
  if (input.cc?.length && actor.kind !== "staff") throw forbidden("Customers cannot copy anyone in");
  return actor.kind === "staff" ? createStaffReply(actor.user, input, now) : createCustomerReply(actor, input, now);
}

/**
 * Staff reply publicly or add an internal note; the first public reply records the first
 * response. With a status ("Send and set Pending / Resolved", or reopening a closed ticket to
 * answer it) the reply, the status change and both history entries commit together: the
 * customer never gets an answer on a ticket whose status then failed to change, or the reverse.
 * A macro applied with the reply works the same way: its status, priority and assignee change
 * with the reply, each in the history like a manual change; if any part fails, nothing is saved
 * and the agent's text stays in the reply box. A status chosen on the Send button wins over the
 * macro's. Knowledge base articles inserted into a public reply are recorded as sent with it, in
 * the same transaction. A reply that changes nothing else is written without the lock (see plain.ts).
 */
export async function createStaffReply(user: SessionUser, input: CreateReplyInput, now = new Date()) {
  const type = input.type;
  // Rendered before the ticket row is locked: the lock is held only for the writes.
  const body = markdownBody(input.content);
  const author = replyAuthor(user);
  // Articles sent, files and CCs are recorded with the reply, in its transaction: not the one-statement path.
  if (input.macroId === undefined && !input.articleIds?.length && !input.attachmentIds?.length && !input.cc?.length) {
    const written = await writePlainReply(user, input, body, now);
    if (written) return written;
  }
  return db.$transaction(async (tx) => {
    // Staff see every ticket of their organisation: the locked read is the visibility check too.
    const ticket = await lockTicket(tx, { id: input.ticketId, organizationId: user.organizationId });
    if (!ticket) throw notFound("Ticket not found");
    const macro = input.macroId ? await macroForReply(tx, user.organizationId, input.macroId) : null;
    const macroFields = macro
      ? { priority: macro.priority ?? undefined, assignedTo: await macroAssignee(user.organizationId, macro) }
      : {};
    const wantedStatus = input.status ?? macro?.status ?? undefined;
    assertFresh(ticket, input.version, { reply: true, status: wantedStatus, ...macroFields }, () =>
      toTicketJson(ticket),
    );
    await assertRequiredFilled(tx, user.organizationId, [ticket], wantedStatus);
    const firstResponse = type === "public" && !ticket.firstRespondedAt;
    const reply = await tx.reply
      .create({
        data: {
          organizationId: user.organizationId,
          ticketId: ticket.id,
          ...body,
          type,
          authorType: "agent",
          authorEmail: author.authorEmail,
          authorId: author.authorId,
          createdAt: now,
        },
        select: REPLY_SELECT,
      })
      .then(toReply);
    const files = await claimUploads(
      tx,
      {
        organizationId: user.organizationId,
        ticketId: ticket.id,
        replyId: reply.id,
        owner: uploadOwner({ kind: "staff", user }),
      },
      input.attachmentIds,
    );
    if (input.cc?.length) await addReplyCc(tx, { ...ticket, replyId: reply.id, type }, input.cc);
    // A note reaches no customer: the articles in it were checked, but none was sent.
    await recordArticlesSent(tx, { ...reply, organizationId: user.organizationId }, input.articleIds ?? [], {
      sent: type === "public",
    });
    const next = wantedStatus as TicketStatus | undefined;
    const statusChange = next !== undefined && next !== ticket.status ? { from: ticket.status, to: next } : null;
    const { version: ticketVersion } = await tx.ticket.update({
      where: { id: ticket.id, organizationId: user.organizationId },
      select: { version: true },
      data: {
        updatedAt: now,
        ...(type === "public" ? { customerRepliedLast: false } : {}),
        ...(firstResponse ? { firstRespondedAt: now } : {}),
        ...(statusChange ? { status: statusChange.to, ...statusClock(ticket, statusChange.to, now) } : {}),
      },
    });
    const event = {
      organizationId: user.organizationId,
      ...staffAuthor(user),
      ticketId: ticket.id,
    };
    await recordEvent(tx, {
      ...event,
      action: type === "internal" ? "ticket.note_added" : "ticket.replied",
      targetType: "reply",
      targetId: reply.id,
    });
    await enqueueReplyCreated(tx, { organizationId: user.organizationId, ticketId: ticket.id, id: reply.id });
    if (statusChange) {
      await recordEvent(tx, {
        ...event,
        action: "ticket.status_changed",
        targetType: "ticket",
        targetId: ticket.id,
        metadata: {
          field: "status",
          ...statusChange,
          ...(macro && input.status === undefined ? { macro: macro.name } : {}),
        },
      });
    }
    const applied = macro ? await applyMacroFields(tx, user, ticket.id, macro, macroFields, now) : null;
    // A public reply meets the first response or a follow-up's; a status change stops or resumes
    // the clocks. A macro that changed the ticket had its SLA worked out again already, reply included.
    if ((type === "public" || statusChange) && !applied?.slaRefreshed) await refreshTicketSla(tx, ticket, now);
    // A status moved with the reply is a change of the ticket; a macro's change announced itself with it.
    if (statusChange && !applied?.slaRefreshed)
      await enqueueTicketChange(tx, { organizationId: user.organizationId, ticketId: ticket.id, now });
    // Queued with the reply: one mail to the customer, a resolving reply's with the rating request.
    await notifyAgentReply(tx, ticket, { ...reply, authorName: author.authorName, files }, statusChange, now);
    return { ...reply, ticketVersion: applied?.version ?? ticketVersion };
  });
}

/**
 * The macro's priority, assignee and tags, through the ticket update's and the tags' own writers
 * and history (after the reply's write): the ticket's version after them (null if none applied),
 * and whether the change's rules and SLA ran (they do once the ticket changed).
 */
async function applyMacroFields(
  tx: Prisma.TransactionClient,
  user: SessionUser,
  ticketId: string,
  macro: AppliedMacro,
  fields: { priority?: string; assignedTo?: string | null },
  now: Date,
): Promise<{ version: number | null; slaRefreshed: boolean }> {
  const changesFields = fields.priority !== undefined || fields.assignedTo !== undefined;
  if (!changesFields && macro.tags.length === 0) return { version: null, slaRefreshed: false };
  const current = await tx.ticket.findFirst({ where: { id: ticketId, organizationId: user.organizationId } });
  if (!current) throw notFound("Ticket not found");
  const cause = { macro: macro.name };
  let version: number | null = null;
  let changed = false;
  if (changesFields) {
    const change = { priority: fields.priority, assignedTo: fields.assignedTo };
    const applied = await applyTicketChange(tx, user, current, change, now, cause);
    [version, changed] = [applied.ticket.version, applied.changed];
  }
  if (macro.tags.length > 0) {
    const tagged = await applyTicketTags(tx, user, current, { add: macro.tags, remove: [] }, now, cause);
    if (tagged.version !== null) [version, changed] = [tagged.version, true];
  }
  if (!changed) return { version, slaRefreshed: false };
  return { version: (await runUpdateRules(tx, user.organizationId, current.id, now)).version, slaRefreshed: true };
}

type ClockedTicket = Parameters<typeof statusClock>[0] & { id: string; organizationId: string };

/**
 * What a customer's public reply does to its ticket, in the transaction that wrote it, whichever
 * way it came (account, portal, email): it becomes the customer's turn in the queue, a ticket in
 * one of `reopenFrom` goes back to open (clock resumed, with its history event), and the
 * assignee is mailed; a reopening, or what the rules for customer replies did, is a change of the
 * ticket the webhooks hear of. The caller has locked the ticket row.
 */
export async function applyCustomerReply(
  tx: Prisma.TransactionClient,
  ticket: ClockedTicket,
  reply: { id: string; content: string; authorEmail: string },
  actor: ReturnType<typeof auditActor>,
  reopenFrom: readonly TicketStatus[],
  now: Date,
) {
  const { organizationId } = ticket;
  const reopen = reopenFrom.includes(ticket.status);
  await tx.ticket.update({
    where: { id: ticket.id, organizationId },
    data: {
      updatedAt: now,
      customerRepliedLast: true,
      ...(reopen ? { status: "open" as const, ...statusClock(ticket, "open", now) } : {}),
    },
  });
  const event = { organizationId, ...actor, ticketId: ticket.id };
  await recordEvent(tx, { ...event, action: "ticket.replied", targetType: "reply", targetId: reply.id });
  if (reopen) {
    await recordEvent(tx, {
      ...event,
      action: "ticket.status_changed",
      targetType: "ticket",
      targetId: ticket.id,
      metadata: { field: "status", from: ticket.status, to: "open" },
    });
  }
  await notifyCustomerReply(tx, ticket, { content: reply.content, authorEmail: reply.authorEmail });
  // A follow-up after the team's reply starts the next response's clock; a reopen resumes resolution's.
  const ruled = await runEventRules(tx, "customer_replied", { organizationId, ticketId: ticket.id, now });
  if (!ruled) await refreshTicketSla(tx, ticket, now);
  if (reopen || ruled) await enqueueTicketChange(tx, { organizationId, ticketId: ticket.id, now });
}

/**
 * A customer's reply, the same for an end-user account and a portal token: public, on one of
 * their own tickets. The ticket row is locked and its status read in the transaction that
 * writes the reply, so a concurrent resolve cannot slip between check and write. A resolved
 * or closed ticket refuses the reply (the customer opens a new one); a pending ticket goes
 * back to open, with its history event. The assignee's email is queued in the same transaction.
 */
export async function createCustomerReply(
  actor: CustomerActor,
  input: { ticketId: string; content: string; attachmentIds?: string[] },
  now = new Date(),
): Promise<CustomerReply> {
  const { organizationId, email, userId } = customerOf(actor);
  const reply = await db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, { id: input.ticketId, organizationId, customerEmail: email });
    if (!ticket) throw notFound("Ticket not found");
    if (DONE_STATUSES.includes(ticket.status))
      throw conflict(`This ticket has been ${ticket.status}. Please create a new ticket.`, "ticket_closed");

    const created = await tx.reply.create({
      data: {
        organizationId,
        ticketId: ticket.id,
        content: input.content,
        type: "public",
        authorType: "customer",
        authorEmail: email,
        authorId: userId,
        createdAt: now,
      },
      select: CUSTOMER_REPLY_SELECT,
    });
    // Before the webhook's job: the reply it carries has its files.
    await claimUploads(
      tx,
      { organizationId, ticketId: ticket.id, replyId: created.id, owner: "customer" },
      input.attachmentIds,
    );
    await enqueueReplyCreated(tx, { organizationId, ticketId: ticket.id, id: created.id });
    await applyCustomerReply(
      tx,
      ticket,
      { id: created.id, content: created.content, authorEmail: email },
      auditActor(actor),
      ["pending"],
      now,
    );
    return created;
  });
  return toCustomerReply(reply);
}
