import type { PrismaClient } from "../../generated/prisma/client";

/**
 * Companies in the demo: Northwind, whose people write from northwind.example, with Jordan Lee
 * (a personal address) added by hand and the team's notes; and Contoso by its domain alone. A
 * newcomer opening Morgan's or Jordan's ticket sees the company, its other people and tickets.
 */
export async function seedDemoCompanies(db: PrismaClient, organizationId: string) {
  await db.$transaction(async (tx) => {
    const northwind = await tx.company.create({
      data: {
        organizationId,
        name: "Northwind Traders",
        domains: ["northwind.example"],
        notes:
          "Enterprise customer since 2023, renews every March.\nBilling questions go to Morgan Diaz; Jordan Lee (personal address) runs their warehouse team.\nPlease answer urgent tickets within the hour.",
      },
    });
    await tx.companyMember.create({
      data: { organizationId, companyId: northwind.id, email: "jordan.lee@example.com" },
    });
    await tx.company.create({ data: { organizationId, name: "Contoso", domains: ["contoso.example"] } });
    // The tickets were written before the companies: they take their company as a change would give it.
    await tx.$executeRaw`UPDATE "Ticket" SET "companyId" = company_of_address("organizationId", "customerEmail")
      WHERE "organizationId" = ${organizationId}`;
  });
}
