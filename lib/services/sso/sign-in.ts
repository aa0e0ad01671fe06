import "server-only";
import * as oidc from "openid-client";
import { AppError, notFound } from "@/lib/errors";
import { db } from "@/lib/server/db";
import type { SessionUser } from "@/lib/schemas/session-user";
import { emailDomain, type NewAccounts, type SsoFailure } from "@/lib/schemas/sso";
import { hit, LIMITS } from "@/lib/services/rate-limit";
import { startSession, type SignInPlace } from "@/lib/services/users/sessions";
import { discoverProvider, ssoRedirectUri } from "./discovery";
import { openFlow, sealFlow, SSO_FLOW_TTL_S } from "./flow-cookie";
import { accountForSso } from "./sso-accounts";

const NOT_CONFIGURED = "No single sign-on is set up for this email's domain. Sign in with your password.";
const UNREACHABLE = "Your identity provider could not be reached. Please try again later.";

function logProviderError(step: string, error: unknown) {
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  console.error(JSON.stringify({ level: "warn", component: "sso", step, name, code, message }));
}

/**
 * Starts a single sign-on for a work email: finds the provider covering its domain and answers
 * the provider's address to send the browser to, with the sealed flow for its cookie (`state`,
 * `nonce` and the PKCE verifier). Throttled per client address like password sign-in.
 */
export async function startSsoSignIn(email: string, place: SignInPlace): Promise<{ url: string; flow: string }> {
  await hit(`sso:ip:${place.address}`, LIMITS.loginPerAddress);
  const covered = await db.ssoDomain.findUnique({
    where: { domain: emailDomain(email) },
    select: { provider: { select: { organizationId: true, issuer: true, clientId: true, clientSecret: true } } },
  });
  if (!covered) throw notFound(NOT_CONFIGURED, "sso_not_configured");
  const config = await discoverProvider(covered.provider).catch((error: unknown) => {
    logProviderError("discovery", error);
    throw new AppError("service_unavailable", UNREACHABLE, { retryAfterSeconds: 30 });
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoRedirectUri(),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    login_hint: email,
  });
  const flow = sealFlow({
    organizationId: covered.provider.organizationId,
    state,
    nonce,
    verifier,
    expiresAt: Date.now() + SSO_FLOW_TTL_S * 1000,
  });
  return { url: url.href, flow };
}

type Finished = { user: SessionUser; sessionId: string } | { failure: SsoFailure };

/**
 * Finishes a single sign-on where the provider sent the browser back: the flow cookie must be
 * this browser's and its `state` the one returned; the code is exchanged with the PKCE verifier;
 * the ID token is verified by openid-client against the issuer's keys (signature, issuer,
 * audience = our client, expiry) and must carry our `nonce`; the email must be verified by the
 * provider and on one of the organisation's domains. Then a session starts as password sign-in's
 * does. The provider's sign-in counts as the second factor the organisation may require (its
 * own MFA is the provider's business), so such a session never waits for enrolment.
 */
export async function finishSsoSignIn(
  callbackUrl: URL,
  cookie: string | undefined,
  place: SignInPlace,
): Promise<Finished> {
  const flow = openFlow(cookie);
  const params = callbackUrl.searchParams;
  if (!flow || params.get("state") !== flow.state) return { failure: "expired" };
  if (params.get("error")) return { failure: params.get("error") === "access_denied" ? "cancelled" : "provider" };
  const provider = await db.ssoProvider.findUnique({
    where: { organizationId: flow.organizationId },
    select: { organizationId: true, issuer: true, clientId: true, clientSecret: true, newAccounts: true },
  });
  if (!provider) return { failure: "provider" };
  let claims: oidc.IDToken;
  try {
    const config = await discoverProvider(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (error) {
    logProviderError("token", error);
    return { failure: "provider" };
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified !== true) return { failure: "email_unverified" };
  const covered = await db.ssoDomain.findFirst({
    where: { domain: emailDomain(email), organizationId: provider.organizationId },
    select: { domain: true },
  });
  if (!covered) return { failure: "domain" };
  const user = await accountForSso(provider.organizationId, provider.newAccounts as NewAccounts, {
    email,
    name: typeof claims.name === "string" ? claims.name : null,
    issuer: provider.issuer,
  });
  if (typeof user === "string") return { failure: user };
  const sessionId = await startSession(user, place, { method: "sso", signIn: { issuer: provider.issuer } });
  return { user, sessionId };
}
