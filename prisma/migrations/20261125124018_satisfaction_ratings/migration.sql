-- CreateEnum
CREATE TYPE "SatisfactionScore" AS ENUM ('good', 'bad');

-- CreateTable
CREATE TABLE "SatisfactionLink" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "agentId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SatisfactionLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SatisfactionRating" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "score" "SatisfactionScore" NOT NULL,
    "comment" TEXT,
    "agentId" TEXT,
    "ratedAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SatisfactionRating_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SatisfactionLink_tokenHash_key" ON "SatisfactionLink"("tokenHash");

-- CreateIndex
CREATE INDEX "SatisfactionLink_organizationId_ticketId_idx" ON "SatisfactionLink"("organizationId", "ticketId");

-- CreateIndex
CREATE INDEX "SatisfactionLink_ticketId_idx" ON "SatisfactionLink"("ticketId");

-- CreateIndex
CREATE INDEX "SatisfactionLink_agentId_idx" ON "SatisfactionLink"("agentId");

-- CreateIndex
CREATE UNIQUE INDEX "SatisfactionRating_ticketId_key" ON "SatisfactionRating"("ticketId");

-- CreateIndex
CREATE INDEX "SatisfactionRating_organizationId_ratedAt_idx" ON "SatisfactionRating"("organizationId", "ratedAt");

-- CreateIndex
CREATE INDEX "SatisfactionRating_organizationId_agentId_ratedAt_idx" ON "SatisfactionRating"("organizationId", "agentId", "ratedAt");

-- CreateIndex
CREATE INDEX "SatisfactionRating_agentId_idx" ON "SatisfactionRating"("agentId");

-- AddForeignKey
ALTER TABLE "SatisfactionLink" ADD CONSTRAINT "SatisfactionLink_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SatisfactionLink" ADD CONSTRAINT "SatisfactionLink_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SatisfactionLink" ADD CONSTRAINT "SatisfactionLink_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SatisfactionRating" ADD CONSTRAINT "SatisfactionRating_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SatisfactionRating" ADD CONSTRAINT "SatisfactionRating_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SatisfactionRating" ADD CONSTRAINT "SatisfactionRating_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
