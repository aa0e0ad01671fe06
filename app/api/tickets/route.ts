import { clientIp } from "@/lib/http/server/client-ip";
import { json, jsonFromText } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { createTicketSchema, ticketListQuerySchema } from "@/lib/schemas/tickets";
import { sessionActor } from "@/lib/services/actor";
import { raiseTicket } from "@/lib/services/tickets/create";
import { listTickets } from "@/lib/services/tickets/list";

// GET /api/tickets - the caller's visible tickets, one keyset page (next cursor in X-Next-Cursor).
export const GET = route({ query: ticketListQuerySchema }, async ({ user, query }) => {
  const { tickets, nextCursor } = await listTickets(user, query);
  return jsonFromText(tickets, { headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {} });
});

// POST /api/tickets - create a ticket in the caller's organisation (plan limit for the team; customers throttled).
export const POST = route({ body: createTicketSchema }, async ({ req, user, body }) =>
  json(await raiseTicket(sessionActor(user), body, clientIp(req)), { status: 201 }),
);
