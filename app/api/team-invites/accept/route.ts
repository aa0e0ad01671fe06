import { clientIp } from "@/lib/http/server/client-ip";
import { json } from "@/lib/http/server/respond";
import { publicRoute } from "@/lib/http/server/route";
import { acceptInviteSchema } from "@/lib/schemas/auth";
import { acceptInvite } from "@/lib/services/users/invites";

// POST /api/team-invites/accept - create the invited account (single use, seat limit checked).
export const POST = publicRoute({ body: acceptInviteSchema }, async ({ req, body }) => {
  await acceptInvite(body, clientIp(req));
  return json({ message: "Your account has been created. Please login to continue." }, { status: 201 });
});
