import { portalRoute } from "@/lib/http/server/route";
import { portalTicketFilesSchema } from "@/lib/schemas/portal-files";
import { addFirstMessageFiles } from "@/lib/services/portal/ticket-files";

// POST /api/portal/tickets/{id}/files - the files of the customer's new ticket, uploaded to it just
// after it was created, join its first message (portal session, the customer's own ticket only).
export const POST = portalRoute({ body: portalTicketFilesSchema }, ({ user, params, body }) =>
  addFirstMessageFiles(user, params.id!, body.attachmentIds),
);
