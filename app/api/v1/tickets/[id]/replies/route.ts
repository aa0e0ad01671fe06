import { apiPage } from "@/lib/http/server/api-page";
import { json } from "@/lib/http/server/respond";
import { apiRoute } from "@/lib/http/server/route";
import { API_V1 } from "@/lib/schemas/api-v1";
import type { JsonText } from "@/lib/schemas/json";
import { createApiReply } from "@/lib/services/api/replies";
import { ticketReplies } from "@/lib/services/tickets/pane";

// GET /api/v1/tickets/{id}/replies - the conversation, a page at a time (API token, tickets:read).
export const GET = apiRoute(API_V1.listReplies, async ({ req, user, params, query }) => {
  const { replies, nextCursor } = await ticketReplies(user.staff, params.id!, query);
  return apiPage(req, JSON.stringify(replies) as JsonText<unknown[]>, nextCursor);
});

// POST /api/v1/tickets/{id}/replies - a reply or internal note as the team (API token, tickets:write).
export const POST = apiRoute(API_V1.createReply, async ({ user, params, body }) =>
  json(await createApiReply(user, params.id!, body), { status: 201 }),
);
