-- CreateTable
CREATE TABLE "InboundMessage" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "dedupKey" TEXT NOT NULL,
    "messageIdHeader" TEXT,
    "supportEmailId" TEXT,
    "raw" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "envelope" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'received',
    "ticketId" TEXT,
    "replyId" TEXT,
    "authResults" JSONB,
    "classification" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "InboundMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TicketMessageId" (
    "organizationId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TicketMessageId_pkey" PRIMARY KEY ("organizationId","messageId")
);

-- CreateTable
CREATE TABLE "MailAddressFailure" (
    "organizationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "failedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailAddressFailure_pkey" PRIMARY KEY ("organizationId","email")
);

-- CreateTable
CREATE TABLE "InboundWebhookSignature" (
    "signature" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InboundWebhookSignature_pkey" PRIMARY KEY ("signature")
);

-- CreateIndex
CREATE INDEX "InboundMessage_organizationId_createdAt_idx" ON "InboundMessage"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "InboundMessage_organizationId_ticketId_idx" ON "InboundMessage"("organizationId", "ticketId");

-- CreateIndex
CREATE UNIQUE INDEX "InboundMessage_organizationId_dedupKey_key" ON "InboundMessage"("organizationId", "dedupKey");

-- CreateIndex
CREATE INDEX "TicketMessageId_ticketId_idx" ON "TicketMessageId"("ticketId");

-- CreateIndex
CREATE INDEX "InboundWebhookSignature_createdAt_idx" ON "InboundWebhookSignature"("createdAt");

-- AddForeignKey
ALTER TABLE "InboundMessage" ADD CONSTRAINT "InboundMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TicketMessageId" ADD CONSTRAINT "TicketMessageId_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;
