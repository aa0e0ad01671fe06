import { hashToken, newToken } from "@/lib/auth/tokens";
import { saveAttachments, type IncomingFile, type SaveAttachmentsInput } from "@/lib/services/tickets/attachments";
import { db } from "../helpers/db";
import { nextTicketNumber } from "../helpers/fixtures";

/** A ticket written straight to the database, numbered after the organisation's last one. */
export async function ticketFor(organizationId: string, customerEmail: string) {
  const due = new Date(Date.now() + 86_400_000);
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: "Files",
      description: "See the files",
      customerName: "Casey",
      customerEmail,
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: due,
    },
  });
}

export function replyOn(
  ticket: { id: string; organizationId: string },
  type: "public" | "internal",
  authorEmail = "agent@x.test",
) {
  return db.reply.create({
    data: {
      organizationId: ticket.organizationId,
      ticketId: ticket.id,
      content: `${type} message`,
      type,
      authorType: type === "public" ? "customer" : "agent",
      authorEmail,
    },
  });
}

/** saveAttachments in a transaction of its own, as the mail ingestion calls it inside its own. */
export function save(input: SaveAttachmentsInput, options?: { maxMessageBytes?: number }) {
  return db.$transaction((tx) => saveAttachments(tx, input, options));
}

export const file = (filename: string, content: string | Buffer): IncomingFile => ({
  filename,
  contentType: "application/pdf",
  content: typeof content === "string" ? Buffer.from(content) : content,
});

/** A live portal access token for one customer email of one organisation. */
export async function portalToken(organizationId: string, email: string) {
  const token = newToken();
  await db.portalSession.create({
    data: { organizationId, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return token;
}
