import { readFormFile } from "@/lib/http/server/form-file";
import { json } from "@/lib/http/server/respond";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import { uploadLimits } from "@/lib/services/tickets/upload-limits";
import { uploadAttachment } from "@/lib/services/tickets/uploads";

// POST /api/v1/tickets/{id}/attachments - a file (multipart field "file") to send with a reply of this
// token, 201 { id, filename, contentType, size } (API token, tickets:write).
export const POST = apiRoute(API_V1.uploadAttachment, async ({ req, user, params }) => {
  const file = await readFormFile(req, API_V1.uploadAttachment.upload.field, uploadLimits());
  return json(await uploadAttachment({ kind: "staff", user: user.staff }, params.id!, file), { status: 201 });
});
