import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { teamInviteSchema } from "@/lib/schemas/invites";
import { listPendingInvites, sendInvites } from "@/lib/services/users/invites";

// GET /api/team-invites - the organisation's live invitations (admins).
export const GET = route({ permission: "team.invite" }, ({ user }) => listPendingInvites(user));

// POST /api/team-invites - invite an agent or admin by email (seat limit enforced, mail sent).
export const POST = route({ permission: "team.invite", body: teamInviteSchema }, async ({ user, body }) => {
  const [sent] = await sendInvites(user, [body]);
  return json(sent, { status: 201 });
});
