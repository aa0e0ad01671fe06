-- AlterTable
ALTER TABLE "SupportEmail" ADD COLUMN     "verifyExpiresAt" TIMESTAMP(3),
ADD COLUMN     "verifyTokenHash" TEXT;

-- CreateTable
CREATE TABLE "ImapMailbox" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "supportEmailId" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL,
    "security" TEXT NOT NULL DEFAULT 'tls',
    "username" TEXT NOT NULL,
    "passwordSealed" TEXT NOT NULL,
    "folder" TEXT NOT NULL DEFAULT 'INBOX',
    "uidValidity" BIGINT,
    "lastUid" BIGINT NOT NULL DEFAULT 0,
    "lastPolledAt" TIMESTAMP(3),
    "lastError" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "nextPollAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pollingUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImapMailbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ImapMailbox_supportEmailId_key" ON "ImapMailbox"("supportEmailId");

-- CreateIndex
CREATE INDEX "ImapMailbox_organizationId_createdAt_idx" ON "ImapMailbox"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "ImapMailbox_nextPollAt_idx" ON "ImapMailbox"("nextPollAt");

-- CreateIndex
CREATE UNIQUE INDEX "SupportEmail_verifyTokenHash_key" ON "SupportEmail"("verifyTokenHash");

-- AddForeignKey
ALTER TABLE "ImapMailbox" ADD CONSTRAINT "ImapMailbox_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImapMailbox" ADD CONSTRAINT "ImapMailbox_supportEmailId_fkey" FOREIGN KEY ("supportEmailId") REFERENCES "SupportEmail"("id") ON DELETE CASCADE ON UPDATE CASCADE;
