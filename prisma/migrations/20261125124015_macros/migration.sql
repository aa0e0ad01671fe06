-- CreateTable
CREATE TABLE "Macro" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "TicketStatus",
    "priority" "TicketPriority",
    "assigneeId" TEXT,
    "unassign" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Macro_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Macro_assigneeId_idx" ON "Macro"("assigneeId");

-- CreateIndex
CREATE INDEX "Macro_createdById_idx" ON "Macro"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "Macro_organizationId_nameKey_key" ON "Macro"("organizationId", "nameKey");

-- AddForeignKey
ALTER TABLE "Macro" ADD CONSTRAINT "Macro_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Macro" ADD CONSTRAINT "Macro_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Macro" ADD CONSTRAINT "Macro_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
