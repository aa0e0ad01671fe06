import { z } from "./zod";

/**
 * What a reply may carry besides its text: files uploaded from the reply box or the portal
 * (`attachmentIds`, the caller's own uploads on that ticket not yet sent) and, on a public staff
 * reply, addresses copied in (`cc`, kept as the ticket's CCs). Shared by the server and the screens.
 */
export const REPLY_ATTACHMENTS_MAX = 10;
export const REPLY_CC_MAX = 10;

/** Field of a multipart upload to POST /api/tickets/{id}/attachments. */
export const UPLOAD_FIELD = "file";
export const UPLOAD_MISSING = 'Send the file as multipart/form-data in the field "file"';
export const UPLOAD_EMPTY = "The file is empty";

export const attachmentIdsSchema = z
  .array(z.string({ error: "Unknown attachment" }).min(1, "Unknown attachment").max(64, "Unknown attachment"), {
    error: "attachmentIds must be a list of attachment ids",
  })
  .max(REPLY_ATTACHMENTS_MAX, `A reply may carry at most ${REPLY_ATTACHMENTS_MAX} files`);

export const ccAddressSchema = z
  .string({ error: "A CC must be an email address" })
  .trim()
  .toLowerCase()
  .max(254, "A CC address is too long")
  .pipe(z.email("A CC must be a valid email address"));

export const ccListSchema = z
  .array(ccAddressSchema, { error: "cc must be a list of email addresses" })
  .max(REPLY_CC_MAX, `At most ${REPLY_CC_MAX} CC addresses`)
  // The same address twice is one copy.
  .transform((list) => [...new Set(list)]);

/** What the upload route answers. */
export type UploadedAttachment = { id: string; filename: string; contentType: string; size: number };
