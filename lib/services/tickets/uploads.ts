import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { badRequest, notFound, payloadTooLarge } from "@/lib/errors";
import { UPLOAD_EMPTY, UPLOAD_MISSING, type UploadedAttachment } from "@/lib/schemas/reply-files";
import { db } from "@/lib/server/db";
import { customerOf, organizationOf, type CustomerActor, type StaffActor } from "@/lib/services/actor";
import { saveAttachments, uploadKeyPrefix } from "@/lib/services/tickets/attachments";

type Tx = Prisma.TransactionClient;

/** How long an upload waits for a reply to send it before the cleanup removes it. */
export const UNCLAIMED_UPLOAD_MS = 24 * 60 * 60_000;

/** Who may upload to a ticket from the reply box or the portal: its organisation's staff, its customer. */
export type UploadActor = StaffActor | Exclude<CustomerActor, { kind: "email" }>;

/**
 * Whose an upload is, written into its storage key: an agent by account, an API token by token,
 * and the ticket's customer (portal or account alike: a ticket has one customer). A reply may send
 * only its author's own uploads, so an agent never sends a colleague's half-written note's file.
 */
export function uploadOwner(actor: UploadActor): string {
  if (actor.kind !== "staff") return "customer";
  return actor.user.apiToken ? `token-${actor.user.apiToken.id}` : `user-${actor.user.id}`;
}

/** The uploader's account, when there is one (an agent's or an end user's; not a token's, not the portal's). */
function uploaderId(actor: UploadActor): string | null {
  if (actor.kind === "portal") return null;
  return actor.user.apiToken ? null : actor.user.id;
}

/**
 * A file from the reply box or the portal, stored as a mail's file would be (the same limits,
 * storage, type sniffing and name cleaning) but unsent: it waits for a reply to name it. Staff
 * upload to their organisation's tickets, a customer to their own; any other ticket is a 404.
 */
export async function uploadAttachment(
  actor: UploadActor,
  ticketId: string,
  file: { filename: string; content: Buffer } | null,
): Promise<UploadedAttachment> {
  if (!file) throw badRequest(UPLOAD_MISSING);
  if (file.content.length === 0) throw badRequest(UPLOAD_EMPTY);
  const organizationId = organizationOf(actor);
  const visible =
    actor.kind === "staff"
      ? { id: ticketId, organizationId }
      : { id: ticketId, organizationId, customerEmail: customerOf(actor).email };
  if (ticketId.length > 64 || !(await db.ticket.findFirst({ where: visible, select: { id: true } })))
    throw notFound("Ticket not found");
  return db.$transaction(async (tx) => {
    const { saved, skipped } = await saveAttachments(tx, {
      organizationId,
      ticketId,
      replyId: null,
      files: [file],
      upload: { uploadedById: uploaderId(actor), owner: uploadOwner(actor) },
    });
    if (skipped[0]) throw payloadTooLarge(skipped[0].message);
    return saved[0]!;
  });
}

/** What a reply's mail needs of each file it sends. */
export type ClaimedFile = { filename: string; contentType: string; storageKey: string };

/**
 * Attaches the caller's own unsent uploads on the ticket to the reply, in the reply's transaction.
 * Anything else named (another's upload, another ticket's, one already sent or unknown) refuses
 * the whole reply: the reply and its files are sent together or not at all.
 */
export async function claimUploads(
  tx: Tx,
  where: { organizationId: string; ticketId: string; replyId: string; owner: string },
  attachmentIds: readonly string[] | undefined,
): Promise<ClaimedFile[]> {
  if (!attachmentIds?.length) return [];
  const ids = [...new Set(attachmentIds)];
  const mine = {
    id: { in: ids },
    organizationId: where.organizationId,
    ticketId: where.ticketId,
    replyId: null,
    sent: false,
    storageKey: { startsWith: `${where.organizationId}/${uploadKeyPrefix(where.owner)}` },
  };
  const { count } = await tx.attachment.updateMany({ where: mine, data: { replyId: where.replyId, sent: true } });
  if (count !== ids.length)
    throw badRequest("attachmentIds must name your own files uploaded to this ticket and not sent yet");
  return tx.attachment.findMany({
    where: { id: { in: ids }, replyId: where.replyId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { filename: true, contentType: true, storageKey: true },
  });
}

/**
 * Removes uploads no reply sent within a day (a reply box closed, a draft given up). Their rows
 * go here; the stored bytes follow through the deletion queue and the attachments purge.
 */
export async function removeUnclaimedUploads(now = new Date()): Promise<number> {
  const { count } = await db.attachment.deleteMany({
    where: { sent: false, createdAt: { lt: new Date(now.getTime() - UNCLAIMED_UPLOAD_MS) } },
  });
  return count;
}
