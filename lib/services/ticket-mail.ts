import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/server/db";
import { forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { rawHeader } from "@/lib/mail/inbound/raw-headers";
import type { TicketMail } from "@/lib/schemas/ticket-mail";
import { findVisibleTicket } from "./ticket-access";

/** Staff only: the original mail may hold what the stored reply left out (quotes, other recipients). */
function assertStaff(user: SessionUser) {
  if (!can(user, "tickets.history")) throw forbidden();
}

const AUTH_KEYS = ["spf", "dkim", "dmarc"] as const;

export async function listTicketMail(user: SessionUser, ticketId: string): Promise<TicketMail> {
  assertStaff(user);
  const ticket = await findVisibleTicket(user, ticketId);
  const rows = await db.inboundMessage.findMany({
    where: { organizationId: user.organizationId, ticketId: ticket.id },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      createdAt: true,
      source: true,
      status: true,
      classification: true,
      authResults: true,
      size: true,
      raw: true,
    },
    take: 200,
  });
  const failing = await db.mailAddressFailure.findUnique({
    where: { organizationId_email: { organizationId: user.organizationId, email: ticket.customerEmail } },
    select: { reason: true, failedAt: true },
  });
  return {
    messages: rows.map(({ raw, authResults, createdAt, ...row }) => {
      const bytes = Buffer.from(raw);
      const auth = authResults as Record<string, unknown> | null;
      return {
        ...row,
        receivedAt: createdAt,
        from: rawHeader(bytes, "from"),
        subject: rawHeader(bytes, "subject"),
        auth: auth
          ? (Object.fromEntries(
              AUTH_KEYS.map((k) => [k, String(auth[k] ?? "none")]),
            ) as TicketMail["messages"][number]["auth"])
          : null,
      };
    }),
    customerAddressFailing: failing,
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
