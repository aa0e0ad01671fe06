import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Plan } from "@/generated/prisma/enums";
import type { SessionUser } from "@/lib/schemas/session-user";
import { db } from "@/lib/server/db";
import { forbidden, notFound } from "@/lib/errors";
import { can } from "@/lib/permissions/table";
import { ASSIGNABLE_ROLES } from "@/lib/permissions/rules";
import type { Organization, OrganizationListQuery } from "@/lib/schemas/organizations";
import type { AssignableUser } from "@/lib/schemas/users";
import { recordEvent } from "@/lib/services/audit";
import { afterCursor, pageOf } from "@/lib/services/keyset";
import { escapeLike } from "@/lib/services/tickets/like-pattern";
import { mailboxesFor, SUPPORT_EMAIL_SELECT } from "@/lib/services/mail/support-emails";
import { OPEN_STATUSES } from "@/lib/tickets/fields";

const ORGANIZATION_SELECT = {
  id: true,
  name: true,
  slug: true,
  plan: true,
  createdAt: true,
  onboardingCompleted: true,
  mailSignature: true,
} as const;

type OrganizationRow = Prisma.OrganizationGetPayload<{ select: typeof ORGANIZATION_SELECT }>;
type SupportEmailRow = Prisma.SupportEmailGetPayload<{ select: typeof SUPPORT_EMAIL_SELECT }>;

/**
 * Organisation stats and support emails for a set of organisations, in three
 * grouped queries whatever the number of organisations (no query per row).
 */
async function withStats(orgs: OrganizationRow[]): Promise<Organization[]> {
  const ids = orgs.map((o) => o.id);
  if (ids.length === 0) return [];
  const [totals, open, emails] = await Promise.all([
    db.ticket.groupBy({ by: ["organizationId"], where: { organizationId: { in: ids } }, _count: { _all: true } }),
    db.ticket.groupBy({
      by: ["organizationId"],
      where: { organizationId: { in: ids }, status: { in: OPEN_STATUSES } },
      _count: { _all: true },
    }),
    db.supportEmail.findMany({
      where: { organizationId: { in: ids } },
      select: SUPPORT_EMAIL_SELECT,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const count = (rows: { organizationId: string; _count: { _all: number } }[]) =>
    new Map(rows.map((r) => [r.organizationId, r._count._all]));
  const totalBy = count(totals);
  const openBy = count(open);
  const emailsBy = new Map<string, SupportEmailRow[]>();
  for (const e of emails) emailsBy.set(e.organizationId, [...(emailsBy.get(e.organizationId) ?? []), e]);
  return orgs.map((o) => ({
    ...o,
    supportEmails: emailsBy.get(o.id) ?? [],
    stats: { totalTickets: totalBy.get(o.id) ?? 0, openTickets: openBy.get(o.id) ?? 0 },
  }));
}

/** Own organisation, or any for a platform admin; anything else is a 404. */
export async function getOrganization(user: SessionUser, id: string): Promise<Organization> {
  if (id !== user.organizationId && !can(user, "organizations.manage_all")) throw notFound("Organization not found");
  const org = await db.organization.findUnique({ where: { id }, select: ORGANIZATION_SELECT });
  if (!org) throw notFound("Organization not found");
  const [withCounts] = await withStats([org]);
  return { ...withCounts!, supportEmails: mailboxesFor(user, withCounts!.supportEmails) };
}

/**
 * GET /api/organizations: every organisation for a platform admin (newest first, searched
 * by name case-insensitively, one keyset page), only their own for anyone else.
 */
export async function listOrganizations(
  user: SessionUser,
  query: OrganizationListQuery,
): Promise<{ organizations: Organization[]; nextCursor: string | null }> {
  const where: Prisma.OrganizationWhereInput = {
    AND: [
      can(user, "organizations.manage_all") ? {} : { id: user.organizationId },
      query.q ? { name: { contains: escapeLike(query.q), mode: "insensitive" } } : {},
      afterCursor(query.cursor),
    ],
  };
  const rows = await db.organization.findMany({
    where,
    select: ORGANIZATION_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { organizations: await withStats(page), nextCursor };
}

/**
 * A platform admin moves an organisation to another plan. Limits read the plan at request
 * time, so the change applies to the next ticket, invite or support email at once. The row
 * lock is the one seat and limit checks take, so a change cannot interleave with them.
 * Moving to a smaller plan is allowed even when usage is above its limits: nothing is
 * removed, further additions are refused until usage is back under the limit.
 */
export async function changeOrganizationPlan(actor: SessionUser, id: string, plan: Plan): Promise<Organization> {
  if (!can(actor, "organizations.manage_all")) throw forbidden();
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ plan: Plan }[]>`SELECT "plan" FROM "Organization" WHERE "id" = ${id} FOR UPDATE`;
    const from = rows[0]?.plan;
    if (!from) throw notFound("Organization not found");
    if (from === plan) return;
    await tx.organization.update({ where: { id }, data: { plan } });
    await recordEvent(tx, {
      organizationId: id,
      actorId: actor.id,
      actorLabel: actor.email,
      action: "organization.plan_changed",
      targetType: "organization",
      targetId: id,
      metadata: { from, to: plan },
    });
  });
  return getOrganization(actor, id);
}

/** Active agents and admins a ticket can be assigned to. */
export async function assignableUsers(user: SessionUser): Promise<AssignableUser[]> {
  return db.user.findMany({
    where: { organizationId: user.organizationId, isActive: true, role: { in: [...ASSIGNABLE_ROLES] } },
    select: { id: true, fullName: true },
    orderBy: { fullName: "asc" },
  });
}
