import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import { sanitizeFilename } from "@/lib/attachments/filename";
import { sniffContentType } from "@/lib/attachments/sniff";
import { notFound } from "@/lib/errors";
import { formatFileSize } from "@/lib/format/file-size";
import { can } from "@/lib/permissions/table";
import { PLANS, storageLimitBytes, UNLIMITED } from "@/lib/plans/limits";
import type {
  AttachmentSummary,
  SaveAttachmentsResult,
  SkippedAttachment,
  WithAttachments,
} from "@/lib/schemas/attachments";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { attachmentStorage } from "@/lib/storage";
import { customerOf, organizationOf, type TicketActor } from "@/lib/services/actor";
import { storageUsedQuery } from "@/lib/services/organizations/usage";

type Tx = Prisma.TransactionClient;

/** Most files one message may bring; the rest are skipped like files over a size limit. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 50;

/** How long a file written outside the database may wait for its transaction before it counts as left behind. */
const UNCOMMITTED_FILE_GRACE_MS = 60 * 60_000;

export type IncomingFile = {
  filename: string;
  /** What the sender's mail claimed; kept out of the stored type, which is sniffed from the bytes. */
  contentType?: string;
  content: Buffer;
};

export type SaveAttachmentsInput = {
  organizationId: string;
  ticketId: string;
  /** null: the files came with the ticket's first message. */
  replyId: string | null;
  files: IncomingFile[];
  /**
   * Files uploaded from the reply box or the portal, waiting for a reply: stored unsent, and under
   * a key naming who uploaded them (`owner`), which is how a reply knows the caller's own uploads.
   */
  upload?: { uploadedById: string | null; owner: string };
};

/**
 * How an upload's storage key begins after its organisation: its uploader's mark (a hash, as a
 * key is two plain segments of at most 64 characters), so that a reply finds the caller's own.
 */
export const uploadKeyPrefix = (owner: string) => `u-${createHash("sha256").update(owner).digest("hex").slice(0, 16)}-`;

export const SUMMARY_SELECT = { id: true, filename: true, contentType: true, size: true } as const;

function skip(
  file: { filename: string; size: number },
  reason: SkippedAttachment["reason"],
  plan: Plan,
  maxMessage: number,
) {
  const why = {
    message_limit: `the message's attachments are over ${formatFileSize(maxMessage)}`,
    storage_limit:
      PLANS[plan].storageMb === 0
        ? `the ${PLANS[plan].name} plan keeps no attachments (paid plans do)`
        : `the ${PLANS[plan].name} plan's attachment storage (${PLANS[plan].storageMb} MB) is full`,
    too_many_files: `a message may bring at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`,
  }[reason];
  return { ...file, reason, message: `${file.filename} (${formatFileSize(file.size)}) was not stored: ${why}.` };
}

/**
 * Stores the files of one message, inside the caller's transaction (the message and its files
 * commit together). The organisation row is locked first, as for every plan limit, so two
 * messages arriving at once cannot both take the last megabytes of the plan's storage. Files
 * are taken in order; one that would pass the per-message or the plan's limit is skipped and
 * reported (the caller notes it on the ticket) while later, smaller files may still fit.
 */
export async function saveAttachments(
  tx: Tx,
  { organizationId, ticketId, replyId, files, upload }: SaveAttachmentsInput,
  { maxMessageBytes = env.attachmentsMaxMessageBytes }: { maxMessageBytes?: number } = {},
): Promise<SaveAttachmentsResult> {
  const [org] = await tx.$queryRaw<{ plan: Plan }[]>`
    SELECT "plan" FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
  if (!org) throw notFound("Organization not found");
  const ticket = await tx.ticket.findFirst({ where: { id: ticketId, organizationId }, select: { id: true } });
  if (!ticket) throw notFound("Ticket not found");
  if (replyId !== null) {
    const reply = await tx.reply.findFirst({ where: { id: replyId, organizationId, ticketId }, select: { id: true } });
    if (!reply) throw notFound("Reply not found");
  }

  const limit = storageLimitBytes(org.plan);
  const [{ used }] = await tx.$queryRaw<{ used: bigint }[]>(storageUsedQuery(organizationId));
  let stored = Number(used);
  let messageBytes = 0;
  const result: SaveAttachmentsResult = { saved: [], skipped: [] };
  const storage = attachmentStorage();

  for (const [index, file] of files.entries()) {
    const filename = sanitizeFilename(file.filename);
    const size = file.content.length;
    const reason =
      index >= MAX_ATTACHMENTS_PER_MESSAGE
        ? "too_many_files"
        : messageBytes + size > maxMessageBytes
          ? "message_limit"
          : limit !== UNLIMITED && stored + size > limit
            ? "storage_limit"
            : null;
    if (reason) {
      result.skipped.push(skip({ filename, size }, reason, org.plan, maxMessageBytes));
      continue;
    }
    const storageKey = `${organizationId}/${upload ? uploadKeyPrefix(upload.owner) : ""}${randomUUID()}`;
    // A store outside the database keeps the file even if this transaction rolls back: note it
    // for the purge first (committed at once), and take the note back in this transaction.
    if (!storage.transactional)
      await db.storageDeletion.create({
        data: { key: storageKey, notBefore: new Date(Date.now() + UNCOMMITTED_FILE_GRACE_MS) },
      });
    await storage.put(storageKey, file.content, tx);
    if (!storage.transactional) await tx.storageDeletion.deleteMany({ where: { key: storageKey } });
    const row = await tx.attachment.create({
      data: {
        organizationId,
        ticketId,
        replyId,
        filename,
        contentType: sniffContentType(file.content, filename),
        size,
        sha256: createHash("sha256").update(file.content).digest("hex"),
        storageKey,
        ...(upload ? { uploadedById: upload.uploadedById, sent: false } : {}),
      },
      select: SUMMARY_SELECT,
    });
    result.saved.push(row);
    messageBytes += size;
    stored += size;
  }
  return result;
}

/** Customers never see what sits on an internal note, nor does staff without internal notes. */
function seesInternal(actor: TicketActor): boolean {
  return actor.kind === "staff" && can(actor.user, "tickets.internal_notes");
}

/** The ticket if the actor may see it: staff their organisation's, a customer only their own. */
async function visibleTicketId(actor: TicketActor, ticketId: string): Promise<string> {
  const organizationId = organizationOf(actor);
  const where =
    actor.kind === "staff"
      ? { id: ticketId, organizationId }
      : { id: ticketId, organizationId, customerEmail: customerOf(actor).email };
  const ticket = await db.ticket.findFirst({ where, select: { id: true } });
  if (!ticket) throw notFound("Ticket not found");
  return ticket.id;
}

/** The files of a ticket the actor may see, oldest first, each with the message it came with. */
export async function listAttachments(
  actor: TicketActor,
  ticketId: string,
): Promise<(AttachmentSummary & { replyId: string | null; createdAt: Date })[]> {
  await visibleTicketId(actor, ticketId);
  return db.attachment.findMany({
    where: {
      organizationId: organizationOf(actor),
      ticketId,
      sent: true,
      ...(seesInternal(actor) ? {} : { OR: [{ replyId: null }, { reply: { type: "public" as const } }] }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { ...SUMMARY_SELECT, replyId: true, createdAt: true },
  });
}

/**
 * The files of the given replies of a ticket, for conversations the caller has already
 * authorised: only the replies shown are asked for, so the files of replies the caller may not
 * see, or of earlier pages, are neither read nor attached to anything shown.
 */
export async function attachmentsOfReplies(organizationId: string, ticketId: string, replyIds: string[]) {
  const rows = await db.attachment.findMany({
    where: { organizationId, ticketId, replyId: { in: replyIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { ...SUMMARY_SELECT, replyId: true },
  });
  const byReply = new Map<string, AttachmentSummary[]>();
  for (const { replyId, ...summary } of rows) byReply.set(replyId!, [...(byReply.get(replyId!) ?? []), summary]);
  return <T extends { id: string }>(reply: T): WithAttachments<T> => ({
    ...reply,
    attachments: byReply.get(reply.id) ?? [],
  });
}

/** The first message's files (replyId null) of a ticket the caller may see. */
export async function openingAttachments(organizationId: string, ticketId: string): Promise<AttachmentSummary[]> {
  return db.attachment.findMany({
    // An upload waiting for its reply has no reply yet either, but is no part of the first message.
    where: { organizationId, ticketId, replyId: null, sent: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: SUMMARY_SELECT,
  });
}

export type OpenedAttachment = AttachmentSummary & { data: Buffer };

/**
 * One file with its bytes, for someone who may see its ticket and message: staff of the
 * ticket's organisation, or the ticket's customer (end-user account or portal token with the
 * ticket's email). Anything else, another tenant's file included, is a 404.
 */
export async function openAttachment(actor: TicketActor, attachmentId: string): Promise<OpenedAttachment> {
  const organizationId = organizationOf(actor);
  const row =
    attachmentId.length <= 64
      ? await db.attachment.findFirst({
          where: {
            id: attachmentId,
            organizationId,
            // A customer never opens an upload before its reply is sent (it may become a note's).
            ...(actor.kind === "staff" ? {} : { ticket: { customerEmail: customerOf(actor).email }, sent: true }),
            ...(seesInternal(actor) ? {} : { OR: [{ replyId: null }, { reply: { type: "public" as const } }] }),
          },
          select: { ...SUMMARY_SELECT, storageKey: true },
        })
      : null;
  if (!row) throw notFound("Attachment not found");
  const data = await attachmentStorage().get(row.storageKey);
  if (!data) throw notFound("Attachment not found");
  const { storageKey: _key, ...summary } = row;
  return { ...summary, data };
}

/**
 * Removes stored objects whose attachment rows are gone (queued by a trigger when a row is
 * deleted, with its ticket, reply or organisation) and files a rolled-back message left outside
 * the database (once their grace time has passed). Each key leaves the queue only after its
 * object is deleted, so a purge cut short is finished by the next one.
 */
export async function purgeDeletedAttachments(batch = 200, now = new Date()): Promise<number> {
  const queued = await db.storageDeletion.findMany({
    where: { notBefore: { lte: now } },
    orderBy: { notBefore: "asc" },
    take: batch,
    select: { key: true },
  });
  const storage = attachmentStorage();
  for (const { key } of queued) {
    await storage.delete(key);
    await db.storageDeletion.deleteMany({ where: { key } });
  }
  return queued.length;
}
