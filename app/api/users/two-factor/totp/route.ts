import { route } from "@/lib/http/server/route";
import { disableTotpSchema } from "@/lib/schemas/two-factor";
import { beginTotp, disableTotp } from "@/lib/services/users/two-factor";

// POST /api/users/two-factor/totp - a new authenticator secret (pending until confirmed).
export const POST = route({ duringEnrolment: true }, ({ user }) => beginTotp(user));

// DELETE /api/users/two-factor/totp { password, code } - turn two-factor sign-in off.
export const DELETE = route({ body: disableTotpSchema }, async ({ user, body }) => {
  await disableTotp(user, body.password, body.code);
  return { message: "Two-factor sign-in is off" };
});
