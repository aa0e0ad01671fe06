import { readFormFile } from "@/lib/http/server/form-file";
import { json } from "@/lib/http/server/respond";
import { portalRoute, route, sessionOrPortal } from "@/lib/http/server/route";
import { UPLOAD_FIELD } from "@/lib/schemas/reply-files";
import { portalActor, sessionActor } from "@/lib/services/actor";
import { uploadLimits as limits } from "@/lib/services/tickets/upload-limits";
import { uploadAttachment } from "@/lib/services/tickets/uploads";

// POST /api/tickets/{id}/attachments - upload a file (multipart field "file") to send with a reply:
// staff of the ticket's organisation, or the ticket's customer (end-user session or portal token).
// Answers 201 { id, filename, contentType, size }; the file waits unsent until a reply names it.
export const POST = sessionOrPortal(
  route({}, async ({ req, user, params }) => {
    const file = await readFormFile(req, UPLOAD_FIELD, limits());
    return json(await uploadAttachment(sessionActor(user), params.id!, file), { status: 201 });
  }),
  portalRoute({}, async ({ req, user, params }) => {
    const file = await readFormFile(req, UPLOAD_FIELD, limits());
    return json(await uploadAttachment(portalActor(user), params.id!, file), { status: 201 });
  }),
);
