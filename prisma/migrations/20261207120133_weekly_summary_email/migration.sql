-- The weekly summary email of the reports (issue 63): an admin opts in on their profile, and each
-- week they were told of is claimed in WeeklySummarySent with the mail it queues, so a second run
-- of the hourly job in the same week sends nothing again.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "weeklySummaryEmail" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "WeeklySummarySent" (
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "weekStart" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WeeklySummarySent_pkey" PRIMARY KEY ("organizationId","userId","weekStart")
);

-- CreateIndex
CREATE INDEX "WeeklySummarySent_userId_idx" ON "WeeklySummarySent"("userId");

-- AddForeignKey
ALTER TABLE "WeeklySummarySent" ADD CONSTRAINT "WeeklySummarySent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
