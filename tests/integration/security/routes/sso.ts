import { seal } from "@/lib/server/secret-box";
import { secretContext } from "@/lib/services/sso/discovery";
import { db } from "../../helpers/db";
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, sharedTestProvider } from "../../helpers/oidc-provider";
import { ROLES, type CallContext, type RouteEntry } from "../route-types";

/** A domain of the target organisation's, proved by a verified support address there, for the call to cover. */
async function verifiedDomain(ctx: CallContext): Promise<string> {
  const domain = `sso-${ctx.unique}.test`.toLowerCase();
  await db.supportEmail.create({
    data: { organizationId: ctx.target.org.id, email: `help@${domain}`, displayName: "Help", verifiedAt: new Date() },
  });
  return domain;
}

// Single sign-on: its settings for the organisation's admins (another organisation's a 404); starting
// and finishing a sign-in for anyone. Saving never reaches the issuer, so a public https one does there.
export const SSO_ROUTES: RouteEntry[] = [
  {
    route: "/api/organizations/[id]/sso",
    method: "GET",
    access: ROLES.admins,
    scoped: true,
    call: ({ target }) => ({ params: { id: target.org.id } }),
  },
  {
    route: "/api/organizations/[id]/sso",
    method: "PUT",
    access: ROLES.admins,
    scoped: true,
    call: async (ctx) => ({
      params: { id: ctx.target.org.id },
      body: {
        issuer: "https://idp.example.com",
        clientId: "ticketry",
        clientSecret: "a-client-secret",
        domains: [await verifiedDomain(ctx)],
        newAccounts: "refuse",
        providerOnly: false,
      },
    }),
  },
  {
    route: "/api/organizations/[id]/sso",
    method: "DELETE",
    access: ROLES.admins,
    scoped: true,
    call: async ({ target }) => {
      const organizationId = target.org.id;
      const row = {
        issuer: "https://idp.example.com",
        clientId: "ticketry",
        clientSecret: seal("a-client-secret", secretContext(organizationId)),
      };
      await db.ssoProvider.upsert({ where: { organizationId }, create: { organizationId, ...row }, update: row });
      return { params: { id: organizationId } };
    },
  },
  // A domain the target organisation covers, with the development provider (started once) behind it.
  {
    route: "/api/sso/start",
    method: "POST",
    access: "public",
    call: async (ctx) => {
      process.env.SSO_ALLOW_PRIVATE_HOSTS = "true";
      const { issuer } = await sharedTestProvider();
      const organizationId = ctx.target.org.id;
      const domain = await verifiedDomain(ctx);
      const row = {
        issuer,
        clientId: DEV_CLIENT_ID,
        clientSecret: seal(DEV_CLIENT_SECRET, secretContext(organizationId)),
      };
      await db.ssoProvider.upsert({ where: { organizationId }, create: { organizationId, ...row }, update: row });
      await db.ssoDomain.create({ data: { domain, organizationId } });
      return { body: { email: `someone@${domain}` } };
    },
  },
  // Without this browser's flow cookie the provider's answer is refused: back to the sign-in page.
  {
    route: "/api/sso/callback",
    method: "GET",
    access: "public",
    ok: 303,
    call: () => ({ query: { code: "a-code", state: "a-state" } }),
  },
];
