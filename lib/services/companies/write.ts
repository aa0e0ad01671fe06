import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/db-errors";
import { conflict, notFound } from "@/lib/errors";
import type { Company, CompanyInput, CompanyMemberRow, CompanyPatch } from "@/lib/schemas/companies";
import { recordEvent } from "@/lib/services/audit";
import { staffAuthor } from "@/lib/services/actor";
import { lockOrganization } from "@/lib/services/users/seats";
import { reassignTickets } from "@/lib/services/companies/assign";

type Tx = Prisma.TransactionClient;

export const COMPANY_NOT_FOUND = "Company not found";
export const companyNameTaken = (name: string) => `A company named "${name}" already exists`;
export const domainTaken = (domain: string, company: string) => `${domain} already belongs to ${company}`;
export const memberTaken = (email: string, company: string) => `${email} is already a person of ${company}`;

export const COMPANY_SELECT = {
  id: true,
  name: true,
  domains: true,
  notes: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CompanySelect;

/** A name clash found by the unique index (two saves at once) reads like the one checked up front. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(companyNameTaken(name));
    throw error;
  }
}

async function assertNameFree(tx: Tx, organizationId: string, name: string, self?: string) {
  const clash = await tx.company.findFirst({
    where: { organizationId, name: { equals: name, mode: "insensitive" }, ...(self ? { id: { not: self } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(companyNameTaken(name));
}

/** A domain is one company's: checked under the organisation's row lock, which every company write takes. */
async function assertDomainsFree(tx: Tx, organizationId: string, domains: string[], self?: string) {
  if (domains.length === 0) return;
  const clash = await tx.company.findFirst({
    where: { organizationId, domains: { hasSome: domains }, ...(self ? { id: { not: self } } : {}) },
    select: { name: true, domains: true },
  });
  if (clash)
    throw conflict(
      domainTaken(
        domains.find((d) => clash.domains.includes(d))!,
        clash.name,
      ),
    );
}

function recordCompanyEvent(tx: Tx, user: SessionUser, action: string, company: { id: string; name: string }) {
  return recordEvent(tx, {
    organizationId: user.organizationId,
    ...staffAuthor(user),
    action,
    targetType: "company",
    targetId: company.id,
    metadata: { name: company.name },
  });
}

/** The company of this organisation, locked for the change (another organisation's is a 404). */
async function lockedCompany(tx: Tx, user: SessionUser, id: string) {
  await lockOrganization(tx, user.organizationId);
  const company = await tx.company.findFirst({
    where: { id, organizationId: user.organizationId },
    select: { ...COMPANY_SELECT, members: { select: { email: true } } },
  });
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return company;
}

/** A new company; the tickets of its domains join it in the same transaction. */
export async function createCompany(user: SessionUser, input: CompanyInput): Promise<Company> {
  const organizationId = user.organizationId;
  return nameChecked(input.name, () =>
    db.$transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      await assertNameFree(tx, organizationId, input.name);
      await assertDomainsFree(tx, organizationId, input.domains);
      const company = await tx.company.create({ data: { ...input, organizationId }, select: COMPANY_SELECT });
      await reassignTickets(tx, organizationId, company.id, company.domains, []);
      await recordCompanyEvent(tx, user, "company.created", company);
      return company;
    }),
  );
}

/** Renames a company, changes its domains (its tickets follow) or its notes. */
export async function updateCompany(user: SessionUser, id: string, patch: CompanyPatch): Promise<Company> {
  return nameChecked(patch.name ?? "", () =>
    db.$transaction(async (tx) => {
      const before = await lockedCompany(tx, user, id);
      if (patch.name !== undefined) await assertNameFree(tx, user.organizationId, patch.name, id);
      if (patch.domains !== undefined) await assertDomainsFree(tx, user.organizationId, patch.domains, id);
      const company = await tx.company.update({ where: { id }, data: patch, select: COMPANY_SELECT });
      if (patch.domains !== undefined)
        await reassignTickets(
          tx,
          user.organizationId,
          id,
          company.domains,
          before.members.map((m) => m.email),
        );
      await recordCompanyEvent(tx, user, "company.updated", company);
      return company;
    }),
  );
}

/**
 * Deletes a company and the people added to it by hand; its tickets stay, without a company (or
 * with another company that claims their address).
 */
export async function deleteCompany(user: SessionUser, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const company = await lockedCompany(tx, user, id);
    // Emptied first, so the tickets resolve without it; the row then goes.
    await tx.companyMember.deleteMany({ where: { companyId: id } });
    await tx.company.update({ where: { id }, data: { domains: [] } });
    await reassignTickets(tx, user.organizationId, id, [], []);
    await tx.company.delete({ where: { id } });
    await recordCompanyEvent(tx, user, "company.deleted", company);
  });
}

/** Adds an address to the company by hand: its tickets join the company (it wins over a domain). */
export async function addCompanyMember(user: SessionUser, id: string, email: string): Promise<CompanyMemberRow> {
  return db.$transaction(async (tx) => {
    const company = await lockedCompany(tx, user, id);
    const clash = await tx.companyMember.findFirst({
      where: { organizationId: user.organizationId, email },
      select: { company: { select: { name: true } } },
    });
    if (clash) throw conflict(memberTaken(email, clash.company.name));
    const member = await tx.companyMember.create({
      data: { organizationId: user.organizationId, companyId: id, email },
      select: { id: true, email: true, createdAt: true },
    });
    await reassignTickets(tx, user.organizationId, id, [], [email]);
    await recordCompanyEvent(tx, user, "company.member_added", company);
    return member;
  });
}

/** Removes a hand-added address: its tickets fall back to its domain's company, if any. */
export async function removeCompanyMember(user: SessionUser, id: string, email: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const company = await lockedCompany(tx, user, id);
    const { count } = await tx.companyMember.deleteMany({
      where: { organizationId: user.organizationId, companyId: id, email },
    });
    if (count === 0) throw notFound(`${email} was not added to ${company.name}`);
    await reassignTickets(tx, user.organizationId, id, [], [email]);
    await recordCompanyEvent(tx, user, "company.member_removed", company);
  });
}
