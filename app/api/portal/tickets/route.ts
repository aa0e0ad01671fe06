import { forbidden } from "@/lib/errors";
import { clientIp } from "@/lib/http/server/client-ip";
import { json } from "@/lib/http/server/respond";
import { portalRoute } from "@/lib/http/server/route";
import { portalTicketSchema, portalTicketsQuerySchema } from "@/lib/schemas/portal";
import { createPortalTicket, listPortalTickets } from "@/lib/services/portal/tickets";

// GET /api/portal/tickets?email= - the token's customer's tickets in its organisation, newest first.
export const GET = portalRoute({ query: portalTicketsQuerySchema }, ({ user, query }) => {
  if (query.email && query.email !== user.email) throw forbidden("This access token belongs to another email address");
  return listPortalTickets(user);
});

// POST /api/portal/tickets - open a ticket as the token's customer (name and email come from the token).
export const POST = portalRoute({ body: portalTicketSchema }, async ({ req, user, body }) =>
  json(await createPortalTicket(user, body, clientIp(req)), { status: 201 }),
);
