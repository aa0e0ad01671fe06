import { seedDemoData } from "@/prisma/seed/demo-data";
import { db, resetDatabase } from "../helpers/db";

// The demo organisation has a company with notes whose tickets come from its domain and from an
// address added by hand, and a second company by its domain alone.

beforeAll(async () => {
  await resetDatabase();
  await seedDemoData(db);
});

it("has Northwind with notes, its domain's and its hand-added person's tickets, and Contoso", async () => {
  const org = await db.organization.findUniqueOrThrow({ where: { slug: "acme" } });
  const northwind = await db.company.findFirstOrThrow({
    where: { organizationId: org.id, name: "Northwind Traders" },
    include: { members: true },
  });
  expect(northwind.notes).toMatch(/renews every March/);
  expect(northwind.members.map((m) => m.email)).toEqual(["jordan.lee@example.com"]);
  const emails = await db.ticket.findMany({
    where: { organizationId: org.id, companyId: northwind.id },
    select: { customerEmail: true },
    distinct: ["customerEmail"],
  });
  expect(emails.map((t) => t.customerEmail).sort()).toEqual(["jordan.lee@example.com", "morgan@northwind.example"]);
  const contoso = await db.company.findFirstOrThrow({ where: { organizationId: org.id, name: "Contoso" } });
  expect(await db.ticket.count({ where: { companyId: contoso.id } })).toBeGreaterThan(0);
  // Every other ticket is of no company.
  const others = await db.ticket.findMany({
    where: { organizationId: org.id, companyId: null },
    select: { customerEmail: true },
    distinct: ["customerEmail"],
  });
  expect(others.map((t) => t.customerEmail)).not.toContain("robin@contoso.example");
});
