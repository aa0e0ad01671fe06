import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { AppError, badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import type { SessionUser } from "@/lib/schemas/session-user";
import { TAGS_PER_TICKET_MAX } from "@/lib/schemas/tags";
import { DIFFERENT_CUSTOMERS, type MergeResult, type MergeTicketsInput } from "@/lib/schemas/ticket-merge";
import { db } from "@/lib/server/db";
import { recordEvent } from "@/lib/services/audit";
import { replyAuthor, staffAuthor } from "@/lib/services/actor";
import { notifyTeamMessage } from "@/lib/services/mail/notifications";
import { statusClock } from "@/lib/services/tickets/status";
import { applyPreparedTags, tagNamesById } from "@/lib/services/tickets/tags";
import { runUpdateRules } from "@/lib/services/tickets/update";

type Tx = Prisma.TransactionClient;

const MERGE_ROW = {
  id: true,
  organizationId: true,
  ticketNumber: true,
  subject: true,
  description: true,
  status: true,
  closedAt: true,
  customerEmail: true,
  createdAt: true,
  tagIds: true,
  cc: true,
  mergedIntoId: true,
} as const satisfies Prisma.TicketSelect;
type MergeRow = Prisma.TicketGetPayload<{ select: typeof MERGE_ROW }>;

/** Staff only: merging changes the tickets as much as any update does. */
export function assertMayMerge(user: SessionUser) {
  if (!can(user, "tickets.update")) throw forbidden("Only the team can merge, split or link tickets");
}

/**
 * Locks the tickets (in id order, as every multi-ticket write does, so two agents merging the same
 * tickets at once queue up instead of deadlocking) and reads them: all of them of the caller's
 * organisation, else 404, never saying which exists elsewhere.
 */
export async function lockTickets(tx: Tx, organizationId: string, ids: string[]): Promise<Map<string, MergeRow>> {
  const sorted = [...new Set(ids)].sort();
  await tx.$queryRaw`SELECT 1 FROM "Ticket" WHERE "organizationId" = ${organizationId} AND "id" = ANY(${sorted}::text[])
    ORDER BY "id" FOR UPDATE`;
  const rows = await tx.ticket.findMany({ where: { organizationId, id: { in: sorted } }, select: MERGE_ROW });
  if (rows.length !== sorted.length) throw notFound("Ticket not found");
  return new Map(rows.map((row) => [row.id, row]));
}

const sameCustomer = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the customer of a merged ticket is told, in that ticket's own mail thread. */
const customerNotice = (merged: MergeRow, survivor: MergeRow) =>
  `Your request #${merged.ticketNumber} ("${merged.subject}") has been merged into #${survivor.ticketNumber} ` +
  `("${survivor.subject}"): we will answer you there. Replying to this mail reaches it too.`;

/**
 * Folds duplicates into one ticket, all in one transaction: each merged ticket's first message
 * (its description) and its whole conversation, notes and files move to the survivor, as do its
 * tags, its CCs and its mail thread (so a customer answering an old mail lands on the survivor);
 * the merged tickets are closed, marked as merged, and keep a note linking the survivor. Each
 * ticket's history says what happened to it, and the rules, SLA and webhooks hear of each change
 * as of any other update. A ticket already merged is a 409: of two agents merging the same
 * tickets at once, the second finds them merged. Tickets of different customers merge only when
 * the agent confirmed it (409 `different_customers` asks).
 */
export async function mergeTickets(
  user: SessionUser,
  survivorId: string,
  input: MergeTicketsInput,
  now = new Date(),
): Promise<MergeResult> {
  assertMayMerge(user);
  if (input.ticketIds.includes(survivorId)) throw badRequest("A ticket cannot be merged into itself");
  const { organizationId } = user;
  return db.$transaction(async (tx) => {
    const rows = await lockTickets(tx, organizationId, [survivorId, ...input.ticketIds]);
    const survivor = rows.get(survivorId)!;
    const merging = input.ticketIds.map((id) => rows.get(id)!).sort((a, b) => a.ticketNumber - b.ticketNumber);
    if (survivor.mergedIntoId)
      throw conflict(`Ticket #${survivor.ticketNumber} was merged into another ticket: merge into that one instead`);
    const done = merging.find((t) => t.mergedIntoId);
    if (done) throw conflict(`Ticket #${done.ticketNumber} was already merged into another ticket`);
    const others = merging.filter((t) => !sameCustomer(t.customerEmail, survivor.customerEmail));
    if (others.length > 0 && !input.confirmDifferentCustomers)
      throw new AppError(
        DIFFERENT_CUSTOMERS,
        `These tickets are from different customers (${[survivor, ...others].map((t) => t.customerEmail).join(", ")}). Merge them anyway?`,
        { details: { customers: [...new Set([survivor, ...others].map((t) => t.customerEmail))] } },
      );

    for (const merged of merging) {
      // Told first, in the old thread, so that its Message-ID moves to the survivor with the rest.
      if (input.notifyCustomers) await notifyTeamMessage(tx, merged, customerNotice(merged, survivor));
      await moveConversation(tx, merged, survivor);
      await closeAsMerged(tx, user, merged, survivor, now);
    }
    await takeOverTagsAndCc(tx, user, survivor, merging, now);
    await recordEvent(tx, {
      organizationId,
      ...staffAuthor(user),
      action: "ticket.merged",
      targetType: "ticket",
      targetId: survivor.id,
      ticketId: survivor.id,
      metadata: { ticketNumbers: merging.map((t) => t.ticketNumber), ticketIds: merging.map((t) => t.id) },
    });
    await refreshCustomerTurn(tx, survivor);
    for (const merged of merging) await runUpdateRules(tx, organizationId, merged.id, now);
    await runUpdateRules(tx, organizationId, survivor.id, now);
    return {
      ticketId: survivor.id,
      ticketNumber: survivor.ticketNumber,
      merged: merging.map((t) => ({
        id: t.id,
        ticketNumber: t.ticketNumber,
        subject: t.subject,
        status: "closed",
        customerEmail: t.customerEmail,
      })),
    };
  });
}

/**
 * The merged ticket's first message becomes a customer message of the survivor, dated when it was
 * written (the files that came with it go along); then every reply, note, file and mail-thread id.
 */
async function moveConversation(tx: Tx, merged: MergeRow, survivor: MergeRow) {
  const { organizationId } = merged;
  const first = await tx.reply.create({
    data: {
      organizationId,
      ticketId: survivor.id,
      content: merged.description,
      type: "public",
      authorType: "customer",
      authorEmail: merged.customerEmail,
      createdAt: merged.createdAt,
    },
    select: { id: true },
  });
  await tx.attachment.updateMany({
    where: { organizationId, ticketId: merged.id, replyId: null, sent: true },
    data: { replyId: first.id },
  });
  await tx.reply.updateMany({ where: { organizationId, ticketId: merged.id }, data: { ticketId: survivor.id } });
  await tx.attachment.updateMany({ where: { organizationId, ticketId: merged.id }, data: { ticketId: survivor.id } });
  await tx.ticketMessageId.updateMany({
    where: { organizationId, ticketId: merged.id },
    data: { ticketId: survivor.id },
  });
  // Tickets merged into this one earlier now point at where it went, so a thread never stops halfway.
  await tx.ticket.updateMany({
    where: { organizationId, mergedIntoId: merged.id },
    data: { mergedIntoId: survivor.id },
  });
}

async function closeAsMerged(tx: Tx, user: SessionUser, merged: MergeRow, survivor: MergeRow, now: Date) {
  const { organizationId } = user;
  await tx.ticket.update({
    where: { id: merged.id, organizationId },
    data: {
      mergedInto: { connect: { id: survivor.id } },
      updatedAt: now,
      ...(merged.status !== "closed" && { status: "closed", ...statusClock(merged, "closed", now) }),
    },
  });
  await tx.reply.create({
    data: {
      organizationId,
      ticketId: merged.id,
      content: `Merged into #${survivor.ticketNumber}`,
      type: "internal",
      authorType: "agent",
      ...(({ authorName: _name, ...author }) => author)(replyAuthor(user)),
      createdAt: now,
    },
  });
  const author = staffAuthor(user);
  if (merged.status !== "closed")
    await recordEvent(tx, {
      organizationId,
      ...author,
      action: "ticket.status_changed",
      targetType: "ticket",
      targetId: merged.id,
      ticketId: merged.id,
      metadata: { field: "status", from: merged.status, to: "closed" },
    });
  await recordEvent(tx, {
    organizationId,
    ...author,
    action: "ticket.merged_into",
    targetType: "ticket",
    targetId: merged.id,
    ticketId: merged.id,
    metadata: { ticketNumber: survivor.ticketNumber, ticketId: survivor.id },
  });
}

/** The survivor carries every merged ticket's tags (as far as a ticket may hold) and CCs. */
async function takeOverTagsAndCc(tx: Tx, user: SessionUser, survivor: MergeRow, merging: MergeRow[], now: Date) {
  const wanted = [...new Set(merging.flatMap((t) => t.tagIds))].filter((id) => !survivor.tagIds.includes(id));
  const room = Math.max(0, TAGS_PER_TICKET_MAX - survivor.tagIds.length);
  const adding = wanted.slice(0, room);
  if (adding.length > 0) {
    const names = await tagNamesById(tx, user.organizationId, adding);
    const add = adding.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
    await applyPreparedTags(tx, user, survivor, { add, remove: [] }, now);
  }
  const cc = [...new Set([...survivor.cc, ...merging.flatMap((t) => t.cc)])];
  if (cc.length !== survivor.cc.length)
    await tx.ticket.update({ where: { id: survivor.id, organizationId: user.organizationId }, data: { cc } });
}

/** Whether the customer wrote last (the queue's marker), now that the survivor's conversation grew. */
async function refreshCustomerTurn(tx: Tx, survivor: MergeRow) {
  const last = await tx.reply.findFirst({
    where: { organizationId: survivor.organizationId, ticketId: survivor.id, type: "public" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { authorType: true },
  });
  if (last)
    await tx.ticket.update({
      where: { id: survivor.id, organizationId: survivor.organizationId },
      data: { customerRepliedLast: last.authorType === "customer" },
    });
}
