import "server-only";
import { forbidden } from "@/lib/errors";
import { db } from "@/lib/server/db";
import { emailDomain, SSO_REQUIRED } from "@/lib/schemas/sso";

/**
 * Where the organisation made its provider the only way in for a domain, a password sign-in of
 * its people on that domain is refused (403 sso_required) before the password is looked at: the
 * answer names the way in, and a password is never tried for such an account. People of other
 * organisations who happen to use the domain keep their passwords.
 */
export async function refusePasswordWhereSsoOnly(user: { organizationId: string; email: string } | null) {
  if (!user) return;
  const only = await db.ssoDomain.findFirst({
    where: { domain: emailDomain(user.email), organizationId: user.organizationId, provider: { providerOnly: true } },
    select: { domain: true },
  });
  if (only) throw forbidden(SSO_REQUIRED, "sso_required");
}
