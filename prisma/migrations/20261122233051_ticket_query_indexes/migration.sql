-- Trigram search: ILIKE '%word%' (spec §9, case-insensitive substring) through GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Ticket_subject_trgm_idx" ON "Ticket" USING GIN ("subject" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Ticket_description_trgm_idx" ON "Ticket" USING GIN ("description" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Ticket_customerEmail_trgm_idx" ON "Ticket" USING GIN ("customerEmail" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Ticket_customerName_trgm_idx" ON "Ticket" USING GIN ("customerName" gin_trgm_ops);

-- Open tickets only (the working queues), newest first, so the Unassigned, My Open, All Open
-- and SLA at Risk views read one page of index and their counts are index-only scans.
-- Partial indexes cannot be written in schema.prisma (the schema engine leaves them alone).
CREATE INDEX "Ticket_open_organizationId_assignedToId_createdAt_idx" ON "Ticket"("organizationId", "assignedToId", "createdAt" DESC, "id" DESC) WHERE "status" IN ('open', 'pending', 'in_progress');
CREATE INDEX "Ticket_open_organizationId_createdAt_idx" ON "Ticket"("organizationId", "createdAt" DESC, "id" DESC) WHERE "status" IN ('open', 'pending', 'in_progress');
