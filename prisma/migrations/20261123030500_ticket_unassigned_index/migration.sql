-- The Unassigned queue in order straight from an index. The open-tickets index by assignee
-- cannot give it: Postgres does not treat "assignedToId" IS NULL as fixing that column, so it
-- read and sorted the whole unassigned queue for every page (14 ms at 9,000 tickets).
-- Partial indexes cannot be written in schema.prisma (the schema engine leaves them alone).
CREATE INDEX "Ticket_unassigned_organizationId_createdAt_idx" ON "Ticket"("organizationId", "createdAt" DESC, "id" DESC) WHERE "status" IN ('open', 'pending', 'in_progress') AND "assignedToId" IS NULL;
