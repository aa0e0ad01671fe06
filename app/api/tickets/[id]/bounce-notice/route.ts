import { route } from "@/lib/http/server/route";
import { clearBounceNotice } from "@/lib/services/tickets/bounce-notice";

// DELETE /api/tickets/{id}/bounce-notice - clear the notice that mail to the ticket's customer bounced (staff).
export const DELETE = route({ permission: "tickets.update" }, async ({ user, params }) => {
  await clearBounceNotice(user, params.id!);
  return { ok: true };
});
