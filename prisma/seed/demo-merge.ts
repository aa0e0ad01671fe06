import type { PrismaClient } from "../../generated/prisma/client";

/**
 * A merged pair in the demo: the customer of the oldest open ticket has just written again about
 * the same thing, and an agent merged that second ticket into the first. A newcomer sees
 * the second closed with "Merged into #N", and its message in the first ticket's conversation.
 */
export async function seedDemoMerge(db: PrismaClient, organizationId: string, agentId: string | null, now: Date) {
  const survivor = await db.ticket.findFirst({
    where: { organizationId, status: "open", mergedIntoId: null },
    orderBy: { createdAt: "asc" },
  });
  if (!survivor) return;
  const agent = agentId ? await db.user.findUnique({ where: { id: agentId } }) : null;
  // The newest ticket, so that numbers still follow the order tickets came in.
  const wroteAt = now;
  const description = `Sorry to write again: is there any news about "${survivor.subject}"?`;
  await db.$transaction(async (tx) => {
    const { lastNumber } = await tx.ticketCounter.update({
      where: { organizationId },
      data: { lastNumber: { increment: 1 } },
    });
    const dupe = await tx.ticket.create({
      data: {
        organizationId,
        ticketNumber: lastNumber,
        subject: `Re: ${survivor.subject}`,
        description,
        priority: survivor.priority,
        status: "closed",
        category: survivor.category,
        groupId: survivor.groupId,
        customerName: survivor.customerName,
        customerEmail: survivor.customerEmail,
        raisedByCustomer: true,
        mergedIntoId: survivor.id,
        resolvedAt: now,
        closedAt: now,
        createdAt: wroteAt,
        updatedAt: now,
      },
    });
    await tx.reply.create({
      data: {
        organizationId,
        ticketId: survivor.id,
        content: description,
        type: "public",
        authorType: "customer",
        authorEmail: survivor.customerEmail,
        createdAt: wroteAt,
      },
    });
    await tx.reply.create({
      data: {
        organizationId,
        ticketId: dupe.id,
        content: `Merged into #${survivor.ticketNumber}`,
        type: "internal",
        authorType: "agent",
        authorEmail: agent?.email ?? "Support",
        authorId: agent?.id ?? null,
        createdAt: now,
      },
    });
    // The customer wrote last on the survivor now: its queue marker says so.
    await tx.ticket.update({ where: { id: survivor.id }, data: { customerRepliedLast: true, updatedAt: now } });
    const by = { actorId: agent?.id ?? null, actorType: "user" as const, actorLabel: agent?.fullName ?? null };
    await tx.auditEvent.createMany({
      data: [
        {
          organizationId,
          actorType: "customer",
          actorLabel: survivor.customerEmail,
          action: "ticket.created",
          targetType: "ticket",
          targetId: dupe.id,
          ticketId: dupe.id,
          createdAt: wroteAt,
        },
        {
          organizationId,
          ...by,
          action: "ticket.merged_into",
          targetType: "ticket",
          targetId: dupe.id,
          ticketId: dupe.id,
          metadata: { ticketNumber: survivor.ticketNumber, ticketId: survivor.id },
          createdAt: now,
        },
        {
          organizationId,
          ...by,
          action: "ticket.merged",
          targetType: "ticket",
          targetId: survivor.id,
          ticketId: survivor.id,
          metadata: { ticketNumbers: [dupe.ticketNumber], ticketIds: [dupe.id] },
          createdAt: now,
        },
      ],
    });
  });
}
