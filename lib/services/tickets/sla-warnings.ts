import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db, queryRows } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { slaWarningMail } from "@/lib/mail/templates";
import { enqueueMail } from "@/lib/services/mail/outbox";
import { refreshTicketSla } from "@/lib/services/sla/ticket-sla";

type Due = {
  id: string;
  organizationId: string;
  ticketNumber: number;
  subject: string;
  firstResponseDueAt: Date | null;
  nextResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  firstRespondedAt: Date | null;
  assigneeEmail: string | null;
  warnAt: Date;
};

/** Tickets looked at per run; a backlog is worked off over the next minutes. */
const BATCH = 500;

/**
 * Warns the people responsible for open tickets whose SLA turned at-risk or breached: the
 * assignee, or the organisation's admins while nobody is assigned. Each ticket and state is
 * warned once (the SlaWarning row and the mail are written in one transaction). Resolved and
 * closed tickets are done, and pending ones wait on the customer (their clock is paused), so
 * none of them are warned about.
 *
 * Only the tickets whose look came due are read ("SlaWatch", kept by a trigger on every change
 * of a ticket's status or at-risk time), so a minute costs what turned at risk or breached in it,
 * not every ticket ever left breached.
 */
export async function sendSlaWarnings(now = new Date()): Promise<number> {
  const due = await queryRows<Due>(Prisma.sql`
    SELECT t."id", t."organizationId", t."ticketNumber", t."subject", t."firstResponseDueAt",
      t."nextResponseDueAt", t."resolutionDueAt", t."firstRespondedAt", u."email" AS "assigneeEmail", w."warnAt"
    FROM "SlaWatch" w
    JOIN "Ticket" t ON t."id" = w."ticketId"
    LEFT JOIN "User" u ON u."id" = t."assignedToId" AND u."isActive"
    WHERE w."warnAt" <= ${now}
    ORDER BY w."warnAt" LIMIT ${BATCH}`);
  let sent = 0;
  for (const ticket of due) {
    // The running targets' due times, as the ticket's SLA stored them (its calendar and pauses counted).
    const dues = [
      ticket.firstRespondedAt ? null : ticket.firstResponseDueAt,
      ticket.nextResponseDueAt,
      ticket.resolutionDueAt,
    ]
      .filter((d): d is Date => d !== null)
      .map((d) => d.getTime());
    if (dues.length === 0) {
      await db.slaWatch.deleteMany({ where: { ticketId: ticket.id, warnAt: ticket.warnAt } });
      continue;
    }
    const dueAt = new Date(Math.min(...dues));
    const state = dueAt.getTime() <= now.getTime() ? "breached" : "at_risk";
    await db.$transaction(async (tx) => {
      const claimed = await tx.$executeRaw`
        INSERT INTO "SlaWarning" ("organizationId", "ticketId", "state", "createdAt")
        VALUES (${ticket.organizationId}, ${ticket.id}, ${state}, ${now}) ON CONFLICT DO NOTHING`;
      await lookAgain(tx, ticket, state, dueAt);
      if (!claimed) return;
      // The breach goes on the target's record (for the reports) as it happens.
      if (state === "breached") await refreshTicketSla(tx, ticket, now);
      const recipients = ticket.assigneeEmail
        ? [ticket.assigneeEmail]
        : (
            await tx.user.findMany({
              where: { organizationId: ticket.organizationId, role: "org_admin", isActive: true },
              select: { email: true },
            })
          ).map((u) => u.email);
      const facts = {
        ticketNumber: ticket.ticketNumber,
        subject: ticket.subject,
        dueAt,
        workspaceLink: `${env.appUrl}/app#sla-risk`,
      };
      for (const to of recipients)
        await enqueueMail(tx, slaWarningMail(to, state, facts), { organizationId: ticket.organizationId });
      sent += recipients.length;
    });
  }
  return sent;
}

/**
 * After a ticket's warning: at risk, it is looked at again when it breaches; breached, nothing
 * is left to warn of. Unless its at-risk time moved meanwhile (the trigger set a new look), which
 * stands.
 */
async function lookAgain(tx: Prisma.TransactionClient, ticket: Due, state: "at_risk" | "breached", dueAt: Date) {
  if (state === "breached")
    await tx.$executeRaw`DELETE FROM "SlaWatch" WHERE "ticketId" = ${ticket.id} AND "warnAt" = ${ticket.warnAt}`;
  else
    await tx.$executeRaw`UPDATE "SlaWatch" SET "warnAt" = ${dueAt}
      WHERE "ticketId" = ${ticket.id} AND "warnAt" = ${ticket.warnAt}`;
}
