import { route } from "@/lib/http/server/route";
import { confirmTotpSchema } from "@/lib/schemas/two-factor";
import { confirmTotp } from "@/lib/services/users/two-factor";

// POST /api/users/two-factor/totp/confirm { code } - turn two-factor on; answers the ten recovery codes, shown once.
export const POST = route({ body: confirmTotpSchema, duringEnrolment: true }, ({ user, body }) =>
  confirmTotp(user, body.code),
);
