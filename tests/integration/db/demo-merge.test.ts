import { seedDemoData } from "@/prisma/seed/demo-data";
import { db, resetDatabase } from "../helpers/db";

// The demo organisation holds a merged pair: the second ticket closed and pointing at the first,
// its message in the first one's conversation, both histories saying so.

beforeAll(async () => {
  await resetDatabase();
  await seedDemoData(db);
});

it("has one ticket merged into another of the same customer", async () => {
  const org = await db.organization.findUniqueOrThrow({ where: { slug: "acme" } });
  const merged = await db.ticket.findMany({ where: { organizationId: org.id, mergedIntoId: { not: null } } });
  expect(merged).toHaveLength(1);
  const [dupe] = merged;
  const survivor = await db.ticket.findUniqueOrThrow({ where: { id: dupe!.mergedIntoId! } });
  expect(dupe).toMatchObject({ status: "closed", customerEmail: survivor.customerEmail });
  expect(survivor.mergedIntoId).toBeNull();
  const counter = await db.ticketCounter.findUniqueOrThrow({ where: { organizationId: org.id } });
  expect(counter.lastNumber).toBe(dupe!.ticketNumber);
  expect(await db.reply.findMany({ where: { ticketId: dupe!.id } })).toMatchObject([
    { type: "internal", content: `Merged into #${survivor.ticketNumber}` },
  ]);
  expect(await db.reply.count({ where: { ticketId: survivor.id, content: dupe!.description } })).toBe(1);
  expect(await db.auditEvent.count({ where: { ticketId: survivor.id, action: "ticket.merged" } })).toBe(1);
  expect(await db.auditEvent.count({ where: { ticketId: dupe!.id, action: "ticket.merged_into" } })).toBe(1);
});
