import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { replyPreviewSchema } from "@/lib/schemas/tickets";
import { previewReply } from "@/lib/services/replies/preview";

// POST /api/replies/preview - the sanitized HTML a formatted reply or note will show (staff only).
export const POST = route({ permission: "tickets.internal_notes", body: replyPreviewSchema }, async ({ user, body }) =>
  json(await previewReply(user, body.content)),
);
