import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db, queryRows } from "@/lib/server/db";
import { forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { rawHeader } from "@/lib/mail/inbound/raw-headers";
import type { TicketMail, TicketMailMessage } from "@/lib/schemas/ticket-mail";
import { findVisibleTicket, type VisibleTicket } from "@/lib/services/tickets/access";

/** Staff only: the original mail may hold what the stored reply left out (quotes, other recipients). */
function assertStaff(user: SessionUser) {
  if (!can(user, "tickets.history")) throw forbidden();
}

const AUTH_KEYS = ["spf", "dkim", "dmarc"] as const;

/** Enough of a message's start to hold its header block (long Received and DKIM headers included). */
export const HEAD_BYTES = 32 * 1024;

/** The most messages a ticket's mail section lists. */
export const MAIL_LIST_LIMIT = 200;

type MailRow = {
  id: string;
  createdAt: Date;
  source: string;
  status: string;
  classification: string | null;
  authResults: unknown;
  size: number;
  head: Uint8Array;
};

export async function listTicketMail(user: SessionUser, ticketId: string): Promise<TicketMail> {
  assertStaff(user);
  return ticketMailOf(user, await findVisibleTicket(user, ticketId));
}

/** The same for a ticket already found visible to the caller. */
export async function ticketMailOf(user: SessionUser, ticket: VisibleTicket): Promise<TicketMail> {
  assertStaff(user);
  // Only each message's head leaves the database: From and Subject sit in the header block, and
  // a ticket may hold 200 originals of up to 25 MB each.
  const rows = await queryRows<MailRow>(Prisma.sql`
    SELECT "id", "createdAt", "source", "status", "classification", "authResults", "size",
           substring("raw" from 1 for ${HEAD_BYTES}::int) AS "head"
    FROM "InboundMessage"
    WHERE "organizationId" = ${user.organizationId} AND "ticketId" = ${ticket.id}
    ORDER BY "createdAt" ASC, "id" ASC
    LIMIT ${MAIL_LIST_LIMIT}`);
  const failing = await db.mailAddressFailure.findUnique({
    where: { organizationId_email: { organizationId: user.organizationId, email: ticket.customerEmail } },
    select: { code: true, failedAt: true },
  });
  return {
    messages: rows.map(({ createdAt, head, ...row }) =>
      toMailMessage({ ...row, receivedAt: createdAt }, Buffer.from(head)),
    ),
    customerAddressFailing: failing,
  };
}

/** A stored message as staff see it: From and Subject read from its head, the verdicts by name. */
export function toMailMessage<Row extends Omit<MailRow, "createdAt" | "head"> & { receivedAt: Date | string }>(
  { authResults, ...row }: Row,
  head: Buffer,
) {
  const auth = authResults as Record<string, unknown> | null;
  return {
    ...row,
    from: rawHeader(head, "from"),
    subject: rawHeader(head, "subject"),
    auth: auth
      ? (Object.fromEntries(AUTH_KEYS.map((k) => [k, String(auth[k] ?? "none")])) as TicketMailMessage["auth"])
      : null,
  };
}

/** The original message exactly as received (staff only, within the caller's organisation). */
export async function originalTicketMail(user: SessionUser, ticketId: string, messageId: string): Promise<Buffer> {
  assertStaff(user);
  const ticket = await findVisibleTicket(user, ticketId);
  const row = await db.inboundMessage.findFirst({
    where: { id: messageId, organizationId: user.organizationId, ticketId: ticket.id },
    select: { raw: true },
  });
  if (!row) throw notFound("Message not found");
  return Buffer.from(row.raw);
}
