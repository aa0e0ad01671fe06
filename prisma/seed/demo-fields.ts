import type { PrismaClient } from "../../generated/prisma/client";

/** The demo's custom fields (Settings > Fields): what a newcomer sees on a ticket and can filter by. */
const FIELDS = [
  {
    key: "order_number",
    label: "Order number",
    type: "text",
    helpText: "From the order confirmation, such as A-10482",
    options: [],
    customerVisible: true,
    customerEditable: true,
  },
  {
    key: "plan",
    label: "Plan",
    type: "dropdown",
    helpText: "The customer's subscription",
    options: ["Basic", "Pro", "Enterprise"],
    customerVisible: true,
    customerEditable: false,
  },
  {
    key: "refund_approved",
    label: "Refund approved",
    type: "checkbox",
    helpText: "",
    options: [],
    customerVisible: false,
    customerEditable: false,
  },
] as const;

const PLANS = ["Basic", "Pro", "Enterprise"];

/**
 * Three fields ("Order number" text, "Plan" dropdown, "Refund approved" checkbox) and their
 * values on a dozen of the demo's tickets, the oldest first; refunds approved on the billing ones.
 */
export async function seedDemoFields(db: PrismaClient, organizationId: string) {
  await db.customField.createMany({
    data: FIELDS.map((f, position) => ({ ...f, options: [...f.options], organizationId, position })),
  });
  const tickets = await db.ticket.findMany({
    where: { organizationId, mergedIntoId: null },
    orderBy: { ticketNumber: "asc" },
    take: 12,
    select: { id: true, ticketNumber: true, subject: true, updatedAt: true },
  });
  for (const [i, ticket] of tickets.entries()) {
    const billing = /charge|refund|invoice|plan|payment|billing/i.test(ticket.subject);
    await db.ticket.update({
      where: { id: ticket.id },
      data: {
        customFields: {
          order_number: `A-${10480 + ticket.ticketNumber}`,
          plan: PLANS[i % PLANS.length]!,
          ...(billing && { refund_approved: i % 2 === 0 }),
        },
        // Filled in when the ticket last changed: the demo's week stays in the past.
        updatedAt: ticket.updatedAt,
      },
    });
  }
}
