-- Recent Updates and Closed list tickets by when they last changed (newest first, id as the
-- tie-break), so both read one page of an index in exactly that order.
DROP INDEX "Ticket_organizationId_updatedAt_id_idx";

CREATE INDEX "Ticket_organizationId_updatedAt_id_idx" ON "Ticket"("organizationId", "updatedAt" DESC, "id" DESC);

-- Closed (7d): resolved and closed tickets by last change. The status index cannot give this
-- order for two statuses at once, a partial index can (schema.prisma cannot express it).
CREATE INDEX "Ticket_done_organizationId_updatedAt_idx" ON "Ticket"("organizationId", "updatedAt" DESC, "id" DESC) WHERE "status" IN ('resolved', 'closed');
