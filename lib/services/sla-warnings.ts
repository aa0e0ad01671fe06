import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { slaWarningMail } from "@/lib/mail/templates";
import { enqueueMail } from "./mail-outbox";

type Due = {
  id: string;
  organizationId: string;
  ticketNumber: number;
  subject: string;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstRespondedAt: Date | null;
  assigneeEmail: string | null;
};

/** Tickets looked at per run; a backlog is worked off over the next minutes. */
const BATCH = 500;

/**
 * Warns the people responsible for open tickets whose SLA turned at-risk or breached: the
 * assignee, or the organisation's admins while nobody is assigned. Each ticket and state is
 * warned once (the SlaWarning row and the mail are written in one transaction). Resolved and
 * closed tickets are done, and pending ones wait on the customer (their clock is paused), so
 * none of them are warned about.
 */
export async function sendSlaWarnings(now = new Date()): Promise<number> {
  const due = await db.$queryRaw<Due[]>`
    SELECT t."id", t."organizationId", t."ticketNumber", t."subject", t."firstResponseDueAt",
      t."resolutionDueAt", t."firstRespondedAt", u."email" AS "assigneeEmail"
    FROM "Ticket" t
    LEFT JOIN "User" u ON u."id" = t."assignedToId" AND u."isActive"
    WHERE t."status" IN ('open', 'in_progress') AND t."slaRiskAt" <= ${now}
      AND NOT EXISTS (
        SELECT 1 FROM "SlaWarning" w WHERE w."ticketId" = t."id"
          AND w."state" = CASE WHEN LEAST(t."resolutionDueAt",
            CASE WHEN t."firstRespondedAt" IS NULL THEN t."firstResponseDueAt" END) <= ${now}
            THEN 'breached' ELSE 'at_risk' END)
    ORDER BY t."slaRiskAt" LIMIT ${BATCH}`;
  let sent = 0;
  for (const ticket of due) {
    const dueAt = new Date(
      Math.min(
        ticket.resolutionDueAt.getTime(),
        ticket.firstRespondedAt ? Infinity : ticket.firstResponseDueAt.getTime(),
      ),
    );
    const state = dueAt.getTime() <= now.getTime() ? "breached" : "at_risk";
    await db.$transaction(async (tx) => {
      const claimed = await tx.$executeRaw`
        INSERT INTO "SlaWarning" ("organizationId", "ticketId", "state", "createdAt")
        VALUES (${ticket.organizationId}, ${ticket.id}, ${state}, ${now}) ON CONFLICT DO NOTHING`;
      if (!claimed) return;
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
