import { route } from "@/lib/http/server/route";
import { revokeInvite } from "@/lib/services/users/invites";

// DELETE /api/team-invites/{id} - withdraw a pending invitation (its link stops working, its seat is freed).
export const DELETE = route({ permission: "team.invite" }, async ({ user, params }) => {
  await revokeInvite(user, params.id!);
  return { ok: true };
});
