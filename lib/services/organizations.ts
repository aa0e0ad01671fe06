import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import { OPEN_STATUSES } from "@/lib/queues";

/** Own organisation, or any for a platform admin; anything else is a 404. */
export async function getOrganization(user: SessionUser, id: string) {
  if (id !== user.organizationId && user.role !== "platform_admin") throw notFound("Organization not found");
  const org = await db.organization.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      slug: true,
      plan: true,
      createdAt: true,
      onboardingCompleted: true,
      supportEmails: { select: { id: true, email: true, displayName: true, isActive: true, organizationId: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!org) throw notFound("Organization not found");
  const [totalTickets, openTickets] = await Promise.all([
    db.ticket.count({ where: { organizationId: id } }),
    db.ticket.count({ where: { organizationId: id, status: { in: OPEN_STATUSES } } }),
  ]);
  return { ...org, stats: { totalTickets, openTickets } };
}

/** Active agents and admins a ticket can be assigned to (spec §3 assignable user). */
export async function assignableUsers(user: SessionUser) {
  return db.user.findMany({
    where: { organizationId: user.organizationId, isActive: true, role: { in: ["agent", "org_admin", "platform_admin"] } },
    select: { id: true, fullName: true },
    orderBy: { fullName: "asc" },
  });
}
