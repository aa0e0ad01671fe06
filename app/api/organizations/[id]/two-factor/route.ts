import { route } from "@/lib/http/server/route";
import { twoFactorPolicySchema } from "@/lib/schemas/two-factor";
import { setTwoFactorPolicy, twoFactorPolicy } from "@/lib/services/organizations/two-factor-policy";

// GET /api/organizations/{id}/two-factor - whether the organisation requires two-factor, and who has it.
export const GET = route({ permission: "organization.security" }, ({ user, params }) =>
  twoFactorPolicy(user, params.id!),
);

// PUT /api/organizations/{id}/two-factor { requireTwoFactor } - require two-factor of everyone, or stop.
export const PUT = route(
  { permission: "organization.security", body: twoFactorPolicySchema },
  ({ user, params, body }) => setTwoFactorPolicy(user, params.id!, body.requireTwoFactor),
);
