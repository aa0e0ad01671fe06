-- AlterTable
ALTER TABLE "Ticket" ADD COLUMN     "companyId" TEXT;

-- CreateTable
CREATE TABLE "Company" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "notes" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyMember" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyMember_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Company_organizationId_name_idx" ON "Company"("organizationId", "name");

-- CreateIndex
CREATE INDEX "CompanyMember_companyId_idx" ON "CompanyMember"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyMember_organizationId_email_key" ON "CompanyMember"("organizationId", "email");

-- CreateIndex
CREATE INDEX "Ticket_organizationId_companyId_updatedAt_idx" ON "Ticket"("organizationId", "companyId", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "Ticket_companyId_idx" ON "Ticket"("companyId");

-- AddForeignKey
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Company" ADD CONSTRAINT "Company_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMember" ADD CONSTRAINT "CompanyMember_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMember" ADD CONSTRAINT "CompanyMember_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A company name is the organisation's once, whatever its case.
CREATE UNIQUE INDEX "Company_organizationId_name_lower_key" ON "Company"("organizationId", lower("name"));

-- The company of a customer address in an organisation: the company the address was added to by
-- hand, else the oldest company listing its domain (domains are one company's each, so at most one).
CREATE FUNCTION "company_of_address"(org TEXT, address TEXT) RETURNS TEXT LANGUAGE sql STABLE AS E'
  SELECT COALESCE(
    (SELECT m."companyId" FROM "CompanyMember" m WHERE m."organizationId" = org AND m."email" = lower(address)),
    (SELECT c."id" FROM "Company" c
      WHERE c."organizationId" = org AND c."domains" @> ARRAY[split_part(lower(address), ''@'', 2)]
      ORDER BY c."createdAt", c."id" LIMIT 1)
  )
';

-- Every writer of a ticket (workspace, portal, mail, API, split, demo) gets the company of its
-- customer address: set here, so none of them has to remember it.
CREATE FUNCTION "ticket_company_set"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."companyId" := "company_of_address"(NEW."organizationId", NEW."customerEmail")\073
  RETURN NEW\073
END
';

CREATE TRIGGER "ticket_company_set" BEFORE INSERT OR UPDATE OF "customerEmail" ON "Ticket"
  FOR EACH ROW EXECUTE FUNCTION "ticket_company_set"();
