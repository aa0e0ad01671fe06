-- CreateTable
CREATE TABLE "Attachment" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "replyId" TEXT,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StorageObject" (
    "key" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StorageObject_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "StorageDeletion" (
    "key" TEXT NOT NULL,
    "notBefore" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StorageDeletion_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Attachment_storageKey_key" ON "Attachment"("storageKey");

-- CreateIndex
CREATE INDEX "StorageDeletion_notBefore_idx" ON "StorageDeletion"("notBefore");

-- CreateIndex
CREATE INDEX "Attachment_organizationId_ticketId_createdAt_idx" ON "Attachment"("organizationId", "ticketId", "createdAt");

-- CreateIndex
CREATE INDEX "Attachment_ticketId_idx" ON "Attachment"("ticketId");

-- CreateIndex
CREATE INDEX "Attachment_replyId_idx" ON "Attachment"("replyId");

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_replyId_fkey" FOREIGN KEY ("replyId") REFERENCES "Reply"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A deleted attachment row (by itself or with its ticket, reply or organisation, through the
-- cascades above) queues its stored object for the attachments.purge job, in the same
-- transaction: the bytes are never left without a record of what to remove. The body is an
-- E'' string with \073 for each semicolon: the migration runner splits scripts on every semicolon.
CREATE FUNCTION "attachment_queue_storage_deletion"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "StorageDeletion" ("key") VALUES (OLD."storageKey") ON CONFLICT ("key") DO NOTHING\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Attachment_queue_storage_deletion" AFTER DELETE ON "Attachment" FOR EACH ROW EXECUTE FUNCTION "attachment_queue_storage_deletion"();
