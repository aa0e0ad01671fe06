import "server-only";
import { badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { db } from "@/lib/server/db";
import { seal } from "@/lib/server/secret-box";
import type { SessionUser } from "@/lib/schemas/session-user";
import {
  emailDomain,
  type NewAccounts,
  type SsoProviderJson,
  type SsoSettings,
  type SsoSettingsInput,
} from "@/lib/schemas/sso";
import { recordEvent } from "@/lib/services/audit";
import { secretContext, ssoRedirectUri } from "./discovery";
import { issuerUrlProblem } from "./provider-fetch";

const PROVIDER_SELECT = {
  issuer: true,
  clientId: true,
  newAccounts: true,
  providerOnly: true,
  updatedAt: true,
  domains: { select: { domain: true }, orderBy: { domain: "asc" as const } },
} as const;

type ProviderRow = {
  issuer: string;
  clientId: string;
  newAccounts: string;
  providerOnly: boolean;
  updatedAt: Date;
  domains: { domain: string }[];
};

const toJson = (row: ProviderRow): SsoProviderJson => ({
  issuer: row.issuer,
  clientId: row.clientId,
  hasSecret: true,
  domains: row.domains.map((d) => d.domain),
  newAccounts: row.newAccounts as NewAccounts,
  providerOnly: row.providerOnly,
  updatedAt: row.updatedAt.toISOString(),
});

/** An admin of this organisation; another organisation's id is a 404 (a platform admin's too: the rule is the team's). */
function ownOrganization(admin: SessionUser, id: string) {
  if (!can(admin, "organization.security")) throw forbidden();
  if (id !== admin.organizationId) throw notFound("Organization not found");
}

/**
 * The domains a provider may cover: those of the organisation's verified support addresses. The
 * organisation proved it receives mail there (a link mailed to the address was followed), which is
 * what we can check without reaching DNS; a domain is then held by one organisation platform-wide.
 */
async function verifiedDomains(organizationId: string): Promise<string[]> {
  const rows = await db.supportEmail.findMany({
    where: { organizationId, verifiedAt: { not: null } },
    select: { email: true },
  });
  return [...new Set(rows.map((row) => emailDomain(row.email)))].sort();
}

/** The organisation's provider (null when none), the address to register with it, and the domains it may cover. */
export async function ssoSettings(admin: SessionUser, id: string): Promise<SsoSettings> {
  ownOrganization(admin, id);
  const [provider, domains] = await Promise.all([
    db.ssoProvider.findUnique({ where: { organizationId: admin.organizationId }, select: PROVIDER_SELECT }),
    verifiedDomains(admin.organizationId),
  ]);
  return { provider: provider && toJson(provider), redirectUri: ssoRedirectUri(), verifiedDomains: domains };
}

/**
 * Sets up the provider, or changes it. The client secret is sealed and kept when a change leaves
 * it out. Every domain must be one of the organisation's verified ones and not another
 * organisation's; the domains no longer listed are let go.
 */
export async function saveSsoSettings(admin: SessionUser, id: string, input: SsoSettingsInput): Promise<SsoSettings> {
  ownOrganization(admin, id);
  const organizationId = admin.organizationId;
  const issuerProblem = issuerUrlProblem(input.issuer);
  if (issuerProblem) throw badRequest(issuerProblem);
  const domains = [...new Set(input.domains)].sort();
  const verified = new Set(await verifiedDomains(organizationId));
  const unverified = domains.find((domain) => !verified.has(domain));
  if (unverified)
    throw badRequest(
      `${unverified} is not the domain of one of your verified support addresses: verify an address at it first`,
    );
  const secret = input.clientSecret ? seal(input.clientSecret, secretContext(organizationId)) : null;
  await db.$transaction(async (tx) => {
    const taken = await tx.ssoDomain.findFirst({
      where: { domain: { in: domains }, organizationId: { not: organizationId } },
      select: { domain: true },
    });
    if (taken) throw conflict(`${taken.domain} already signs in with another organization's provider`);
    const before = await tx.ssoProvider.findUnique({ where: { organizationId }, select: { organizationId: true } });
    const fields = {
      issuer: input.issuer,
      clientId: input.clientId,
      newAccounts: input.newAccounts,
      providerOnly: input.providerOnly,
    };
    if (before)
      await tx.ssoProvider.update({
        where: { organizationId },
        data: { ...fields, ...(secret ? { clientSecret: secret } : {}) },
      });
    else if (secret) await tx.ssoProvider.create({ data: { organizationId, ...fields, clientSecret: secret } });
    else throw badRequest("Please enter the client secret");
    await tx.ssoDomain.deleteMany({ where: { organizationId, domain: { notIn: domains } } });
    const kept = new Set(
      (await tx.ssoDomain.findMany({ where: { organizationId }, select: { domain: true } })).map((d) => d.domain),
    );
    // No skipping of duplicates: a domain another organisation took meanwhile is a conflict, not silently theirs.
    await tx.ssoDomain.createMany({
      data: domains.filter((domain) => !kept.has(domain)).map((domain) => ({ domain, organizationId })),
    });
    await recordEvent(tx, {
      organizationId,
      actorId: admin.id,
      actorLabel: admin.fullName,
      action: before ? "organization.sso_updated" : "organization.sso_configured",
      targetType: "organization",
      targetId: organizationId,
      metadata: { ...fields, domains, secretChanged: !!secret },
    });
  });
  return ssoSettings(admin, id);
}

/** Removes the provider and lets its domains go: everyone signs in with their password again. */
export async function removeSsoSettings(admin: SessionUser, id: string): Promise<SsoSettings> {
  ownOrganization(admin, id);
  await db.$transaction(async (tx) => {
    const { count } = await tx.ssoProvider.deleteMany({ where: { organizationId: admin.organizationId } });
    if (count === 0) throw notFound("No single sign-on is set up");
    await recordEvent(tx, {
      organizationId: admin.organizationId,
      actorId: admin.id,
      actorLabel: admin.fullName,
      action: "organization.sso_removed",
      targetType: "organization",
      targetId: admin.organizationId,
    });
  });
  return ssoSettings(admin, id);
}
