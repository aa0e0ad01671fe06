// A real OpenID Connect provider (panva's oidc-provider) for trying single sign-on locally and
// for the tests: `npm run sso:provider` serves it at http://127.0.0.1:4400 (--port, --issuer) with
// one client for Ticketry at APP_URL (default http://localhost:3000). Its sign-in form takes any
// email with any password and vouches for it; an email whose name starts with "unverified" comes
// back with email_verified false. See the README's demo section for setting it up in Settings.
//
// It is for development and tests only: it keeps everything in memory and trusts anyone.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Provider from "oidc-provider";

export const DEV_CLIENT_ID = "ticketry";
export const DEV_CLIENT_SECRET = "ticketry-dev-client-secret";
/** A second application at the same provider: its tokens must never open Ticketry. */
export const OTHER_CLIENT_ID = "another-app";
export const OTHER_CLIENT_SECRET = "another-app-client-secret";
export const OTHER_REDIRECT_URI = "http://localhost:9/another-app/callback";

/**
 * "ana.silva@acme.test" -> "Ana Silva".
 * @param {string} email
 */
function nameOf(email) {
  return email
    .split("@")[0]
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((/** @type {string} */ part) => part[0].toUpperCase() + part.slice(1))
    .join(" ");
}

/**
 * Starts the provider and answers its issuer URL and a stop function.
 * @param {{ port?: number, host?: string, issuer?: string, appUrl?: string }} [options]
 *   `issuer` defaults to http://127.0.0.1:<port>; give it when the provider is reached through
 *   another address (a test's proxy). Port 0 picks a free one.
 * @returns {Promise<{ issuer: string, port: number, close: () => Promise<void> }>}
 */
export async function startDevProvider({ port = 4400, host = "127.0.0.1", issuer, appUrl } = {}) {
  const redirect = `${(appUrl ?? process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}/api/sso/callback`;
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const issuerUrl = issuer ?? `http://127.0.0.1:${actualPort}`;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const provider = new Provider(issuerUrl, {
    clients: [
      { client_id: DEV_CLIENT_ID, client_secret: DEV_CLIENT_SECRET, redirect_uris: [redirect] },
      { client_id: OTHER_CLIENT_ID, client_secret: OTHER_CLIENT_SECRET, redirect_uris: [OTHER_REDIRECT_URI] },
    ],
    jwks: { keys: [{ ...signingKey, kid: "dev-signing-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Like most providers, the ID token itself carries the email (the RP reads it from there).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true } },
    /** @param {any} _ctx @param {string} id */
    async findAccount(_ctx, id) {
      const email = id.trim().toLowerCase();
      return {
        accountId: email,
        async claims() {
          return { sub: email, email, email_verified: !email.startsWith("unverified"), name: nameOf(email) };
        },
      };
    },
    // Our own applications: no consent screen after the sign-in form.
    /** @param {any} ctx */
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer: issuerUrl,
    port: actualPort,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.SSO_PROVIDER_PORT ?? "4400" },
      issuer: { type: "string" },
      // Started by a test: stop when the test's process does (its end of our stdin closes).
      "exit-with-parent": { type: "boolean", default: false },
    },
  });
  if (values["exit-with-parent"]) process.stdin.on("end", () => process.exit(0)).resume();
  const started = await startDevProvider({ port: Number(values.port), issuer: values.issuer });
  console.log(`OpenID provider for development at ${started.issuer} (port ${started.port})
  client ID:     ${DEV_CLIENT_ID}
  client secret: ${DEV_CLIENT_SECRET}
  redirect URI:  ${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}/api/sso/callback
Its sign-in form accepts any email and password. Start Ticketry with SSO_ALLOW_PRIVATE_HOSTS=true
to let it reach this provider on http://localhost. Ctrl+C stops it.`);
}
