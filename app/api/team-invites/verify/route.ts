import { publicRoute } from "@/lib/http/server/route";
import { verifyInviteQuerySchema } from "@/lib/schemas/auth";
import { verifyInvite } from "@/lib/services/users/invites";

// GET /api/team-invites/verify?token= - the invitation's email, role and organisation name.
export const GET = publicRoute({ query: verifyInviteQuerySchema }, ({ query }) => verifyInvite(query.token));
