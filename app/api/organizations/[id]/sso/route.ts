import { route } from "@/lib/http/server/route";
import { ssoSettingsSchema } from "@/lib/schemas/sso";
import { removeSsoSettings, saveSsoSettings, ssoSettings } from "@/lib/services/sso/settings";

// GET /api/organizations/{id}/sso - the organisation's OpenID Connect provider (never its secret), the redirect URI and the domains it may cover.
export const GET = route({ permission: "organization.security" }, ({ user, params }) => ssoSettings(user, params.id!));

// PUT /api/organizations/{id}/sso { issuer, clientId, clientSecret?, domains, newAccounts, providerOnly } - set up or change single sign-on.
export const PUT = route({ permission: "organization.security", body: ssoSettingsSchema }, ({ user, params, body }) =>
  saveSsoSettings(user, params.id!, body),
);

// DELETE /api/organizations/{id}/sso - remove single sign-on: everyone signs in with a password again.
export const DELETE = route({ permission: "organization.security" }, ({ user, params }) =>
  removeSsoSettings(user, params.id!),
);
