import type { PrismaClient } from "../../generated/prisma/client";

/**
 * Two views the demo team shares (issue 62), in the sidebar under the queues with their counts:
 * the Billing group's open tickets, most urgent first, and every ticket whose SLA is already missed.
 */
export async function seedDemoViews(db: PrismaClient, organizationId: string) {
  const billing = await db.group.findFirst({ where: { organizationId, nameKey: "billing" }, select: { id: true } });
  const views = [
    {
      name: "Billing, most urgent first",
      filters: { view: "all-open", ...(billing && { group: billing.id }) },
      sort: "priority",
    },
    { name: "SLA breached", filters: { sla: "breached" }, sort: "sla" },
  ];
  for (const [position, view] of views.entries()) {
    const exists = await db.savedView.findFirst({ where: { organizationId, ownerId: null, name: view.name } });
    if (!exists) await db.savedView.create({ data: { organizationId, ownerId: null, position, ...view } });
  }
}
