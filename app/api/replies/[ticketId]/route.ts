import { json } from "@/lib/http/server/respond";
import { portalRoute, route, sessionOrPortal } from "@/lib/http/server/route";
import { conversationQuerySchema } from "@/lib/schemas/tickets";
import { listPortalReplies } from "@/lib/services/portal/tickets";
import { ticketReplies } from "@/lib/services/tickets/pane";

/** A page of messages, with the cursor of the earlier ones in X-Next-Cursor as every paged list sends it. */
const page = ({ replies, nextCursor }: { replies: unknown; nextCursor: string | null }) =>
  json(replies, { headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {} });

// GET /api/replies/{ticketId}?cursor=&limit= - the conversation, oldest first: the newest messages
// (50 unless asked), the earlier ones from X-Next-Cursor; internal notes for staff only, never for a portal token.
export const GET = sessionOrPortal(
  route({ query: conversationQuerySchema }, async ({ user, params, query }) =>
    page(await ticketReplies(user, params.ticketId!, query)),
  ),
  portalRoute({ query: conversationQuerySchema }, async ({ user, params, query }) =>
    page(await listPortalReplies(user, params.ticketId!, query)),
  ),
);
