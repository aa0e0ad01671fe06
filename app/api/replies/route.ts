import { json } from "@/lib/http/server/respond";
import { portalRoute, route, sessionOrPortal } from "@/lib/http/server/route";
import { portalReplySchema } from "@/lib/schemas/portal";
import { createReplySchema } from "@/lib/schemas/tickets";
import { portalActor } from "@/lib/services/actor";
import { createCustomerReply, createReply } from "@/lib/services/replies/conversation";

// POST /api/replies - reply publicly or add an internal note (author taken from the session);
// from the portal (its session cookie), a public customer reply on the customer's own ticket.
export const POST = sessionOrPortal(
  route({ body: createReplySchema }, async ({ user, body }) => json(await createReply(user, body), { status: 201 })),
  portalRoute({ body: portalReplySchema }, async ({ user, body }) =>
    json(await createCustomerReply(portalActor(user), body), { status: 201 }),
  ),
);
