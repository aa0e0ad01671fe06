import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { onboardingInvitesSchema } from "@/lib/schemas/invites";
import { sendInvites } from "@/lib/services/users/invites";

// POST /api/onboarding/invites - the wizard's team list, all invitations or none.
export const POST = route({ permission: "team.invite", body: onboardingInvitesSchema }, async ({ user, body }) => {
  const sent = await sendInvites(user, body.invites);
  return json({ sent: sent.length }, { status: 201 });
});
