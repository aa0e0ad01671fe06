import { downloadResponse } from "@/lib/http/server/download";
import { portalRoute, route, sessionOrPortal } from "@/lib/http/server/route";
import { portalActor, sessionActor } from "@/lib/services/actor";
import { openAttachment } from "@/lib/services/tickets/attachments";

// GET /api/attachments/{id} - download a file of a message: staff of the ticket's organisation,
// the ticket's customer (end-user session or portal token); anyone else gets a 404.
export const GET = sessionOrPortal(
  route({}, async ({ user, params }) => downloadResponse(await openAttachment(sessionActor(user), params.id!))),
  portalRoute({}, async ({ user, params }) => downloadResponse(await openAttachment(portalActor(user), params.id!))),
);
