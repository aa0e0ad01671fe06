import { route } from "@/lib/http/server/route";
import { presenceSchema } from "@/lib/schemas/presence";
import { listViewers, markLeft, markViewing } from "@/lib/services/tickets/presence";

// GET /api/tickets/{id}/presence - who of the team has the ticket open, and who is typing.
export const GET = route({ permission: "tickets.presence" }, ({ user, params }) => listViewers(user, params.id!));

// PUT /api/tickets/{id}/presence - this agent has it open (sent again every few seconds).
export const PUT = route({ permission: "tickets.presence", body: presenceSchema }, ({ user, params, body }) =>
  markViewing(user, params.id!, body.typing),
);

// DELETE /api/tickets/{id}/presence - this agent closed it.
export const DELETE = route({ permission: "tickets.presence" }, async ({ user, params }) => {
  await markLeft(user, params.id!);
  return { ok: true };
});
