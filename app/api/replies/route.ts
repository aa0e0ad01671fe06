import { json } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { createReplySchema } from "@/lib/schemas/tickets";
import { createReply } from "@/lib/services/replies";

// POST /api/replies - reply publicly or add an internal note (author taken from the session).
export const POST = route({ body: createReplySchema }, async ({ user, body }) => json(await createReply(user, body), { status: 201 }));
