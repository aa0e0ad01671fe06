import { route } from "@/lib/http/server/route";
import { unlinkTickets } from "@/lib/services/tickets/links";

// DELETE /api/tickets/{id}/links/{ticketId} - the two tickets are no longer related (staff only).
export const DELETE = route({ permission: "tickets.update" }, async ({ user, params }) => {
  await unlinkTickets(user, params.id!, params.ticketId!);
  return new Response(null, { status: 204 });
});
