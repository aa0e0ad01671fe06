-- CreateTable
CREATE TABLE "MailDelivery" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT,
    "messageId" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SlaWarning" (
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SlaWarning_pkey" PRIMARY KEY ("ticketId","state")
);

-- CreateIndex
CREATE UNIQUE INDEX "MailDelivery_messageId_key" ON "MailDelivery"("messageId");

-- CreateIndex
CREATE INDEX "MailDelivery_organizationId_createdAt_idx" ON "MailDelivery"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "SlaWarning_organizationId_idx" ON "SlaWarning"("organizationId");

-- AddForeignKey
ALTER TABLE "SlaWarning" ADD CONSTRAINT "SlaWarning_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;
