-- AlterTable
ALTER TABLE "Ticket" ADD COLUMN     "tagIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "Tag" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Ticket_tagIds_idx" ON "Ticket" USING GIN ("tagIds" array_ops);

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Tags are unique per organisation whatever their case: "Billing" and "billing" are one tag,
-- shown as first typed. The service creates tags with ON CONFLICT on this index, so two agents
-- adding either spelling at once end up with one row. The typeahead reads the organisation's
-- range of it (at most 1,000 tags), and it indexes the organisation foreign key (leading column).
-- Expression indexes cannot be written in schema.prisma (the schema engine leaves them alone).
CREATE UNIQUE INDEX "Tag_organizationId_name_lower_key" ON "Tag" ("organizationId", lower("name"));
