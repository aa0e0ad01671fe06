/**
 * Attachment shapes, shared by the server and the screens. A message (each reply, and the
 * ticket's first message) carries the files that came with it as `attachments`.
 */
export type AttachmentSummary = {
  id: string;
  filename: string;
  /** Sniffed from the bytes when the file was stored. */
  contentType: string;
  /** Bytes. */
  size: number;
};

/** A message of the conversation with its files. */
export type WithAttachments<T> = T & { attachments: AttachmentSummary[] };

/** Why a file of a message was not stored; the ingestion puts the message on the ticket as a system note. */
export type AttachmentSkipReason = "message_limit" | "storage_limit" | "too_many_files";

export type SkippedAttachment = {
  filename: string;
  size: number;
  reason: AttachmentSkipReason;
  /** A sentence for the ticket's system note. */
  message: string;
};

export type SaveAttachmentsResult = { saved: AttachmentSummary[]; skipped: SkippedAttachment[] };

/** The address a file is downloaded from (staff and end users by session, the portal with its token). */
export const attachmentUrl = (id: string) => `/api/attachments/${encodeURIComponent(id)}`;
