import "server-only";
import * as oidc from "openid-client";
import { env } from "@/lib/server/env";
import { unseal } from "@/lib/server/secret-box";
import { PROVIDER_TIMEOUT_MS, providerFetch, ssoPrivateHostsAllowed } from "./provider-fetch";

/** Where the provider sends people back: the address an admin registers with the provider. */
export const ssoRedirectUri = () => `${env.appUrl}/api/sso/callback`;

/** The context a provider's client secret is sealed with: a sealed secret copied to another organisation does not open. */
export const secretContext = (organizationId: string) => `sso-client-secret:${organizationId}`;

type StoredProvider = { organizationId: string; issuer: string; clientId: string; clientSecret: string };

/**
 * The provider's configuration from its discovery document, read fresh for each sign-in (one
 * request to the provider; its keys are read when a token needs them). Nothing is kept between
 * sign-ins, so a changed provider applies at once on every server process.
 */
export async function discoverProvider(provider: StoredProvider): Promise<oidc.Configuration> {
  const secret = unseal(provider.clientSecret, secretContext(provider.organizationId));
  return oidc.discovery(new URL(provider.issuer), provider.clientId, secret, oidc.ClientSecretBasic(secret), {
    [oidc.customFetch]: providerFetch,
    timeout: PROVIDER_TIMEOUT_MS / 1000,
    ...(ssoPrivateHostsAllowed() && provider.issuer.startsWith("http:")
      ? { execute: [oidc.allowInsecureRequests] }
      : {}),
  });
}
