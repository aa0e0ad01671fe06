-- CreateEnum
CREATE TYPE "GroupAssignment" AS ENUM ('manual', 'round_robin', 'balanced');

-- AlterTable
ALTER TABLE "Ticket" ADD COLUMN     "groupId" TEXT;

-- CreateTable
CREATE TABLE "Group" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "assignment" "GroupAssignment" NOT NULL DEFAULT 'manual',
    "maxOpenPerAgent" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupMember" (
    "groupId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GroupMember_pkey" PRIMARY KEY ("groupId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Group_organizationId_nameKey_key" ON "Group"("organizationId", "nameKey");

-- CreateIndex
CREATE INDEX "GroupMember_userId_idx" ON "GroupMember"("userId");

-- CreateIndex
CREATE INDEX "Ticket_groupId_idx" ON "Ticket"("groupId");

-- AddForeignKey
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "Group_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A group's queue (the group filter, "My groups") lists what needs attention first, in the order
-- of the other open queues (see the ticket_attention_order migration), read straight from this
-- index for each of the agent's groups. Open grouped tickets only: partial and expression
-- indexes cannot be written in schema.prisma (the schema engine leaves them alone).
CREATE INDEX "Ticket_open_group_attention_idx" ON "Ticket"("organizationId", "groupId", (CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" ELSE "resolutionDueAt" END), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress') AND "groupId" IS NOT NULL;
