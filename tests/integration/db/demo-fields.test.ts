import { seedDemoData } from "@/prisma/seed/demo-data";
import { checkCustomFieldValue } from "@/lib/schemas/fields-custom";
import { db, resetDatabase } from "../helpers/db";

// The demo organisation has three custom fields (Order number, Plan, Refund approved) and values
// on a dozen of its tickets, each a value its field accepts.

beforeAll(async () => {
  await resetDatabase();
  await seedDemoData(db);
});

it("has the three fields and a dozen tickets holding valid values", async () => {
  const org = await db.organization.findUniqueOrThrow({ where: { slug: "acme" } });
  const fields = await db.customField.findMany({ where: { organizationId: org.id }, orderBy: { position: "asc" } });
  expect(fields.map((f) => [f.label, f.type])).toEqual([
    ["Order number", "text"],
    ["Plan", "dropdown"],
    ["Refund approved", "checkbox"],
  ]);
  const tickets = await db.ticket.findMany({
    where: { organizationId: org.id, NOT: { customFields: { equals: {} } } },
  });
  expect(tickets).toHaveLength(12);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const ticket of tickets)
    for (const [key, value] of Object.entries(ticket.customFields as Record<string, unknown>))
      expect(checkCustomFieldValue(byKey.get(key)!, value)).toEqual({ ok: true, value });
  expect(tickets.some((t) => (t.customFields as Record<string, unknown>).refund_approved !== undefined)).toBe(true);
});
