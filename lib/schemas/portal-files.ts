import { attachmentIdsSchema } from "./reply-files";
import { z } from "./zod";

/**
 * POST /api/portal/tickets/{id}/files: the files a customer chose in the portal's new-ticket form,
 * uploaded to the ticket once it exists, joining its first message.
 */
export const portalTicketFilesSchema = z.object({
  attachmentIds: attachmentIdsSchema.min(1, "Choose at least one file"),
});
export type PortalTicketFilesInput = z.infer<typeof portalTicketFilesSchema>;

/** How long after creating a ticket its customer may still add files to its first message. */
export const FIRST_MESSAGE_FILES_MINUTES = 15;
