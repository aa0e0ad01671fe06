-- The work queues list what needs attention first: the SLA target that runs next (the first
-- reply until there is one, then resolution) soonest, so breached tickets lead, then the most
-- urgent (in the order the priorities are declared), then the oldest, the id breaking ties. Each
-- queue reads one page of an index in exactly that order and starts a later page at its cursor,
-- so no page sorts the queue. Open tickets only, like the newest-first queue indexes, and like
-- them one per way the queues are cut: All Open and SLA at Risk, My Open (by assignee),
-- Unassigned (Postgres does not treat "assignedToId" IS NULL as fixing that column, so the
-- assignee index would not give its order). Expression and partial indexes cannot be written in
-- schema.prisma (the schema engine leaves them alone).
CREATE INDEX "Ticket_open_attention_idx" ON "Ticket"("organizationId", (CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" ELSE "resolutionDueAt" END), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress');
CREATE INDEX "Ticket_open_assignee_attention_idx" ON "Ticket"("organizationId", "assignedToId", (CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" ELSE "resolutionDueAt" END), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress');
CREATE INDEX "Ticket_unassigned_attention_idx" ON "Ticket"("organizationId", (CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" ELSE "resolutionDueAt" END), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress') AND "assignedToId" IS NULL;
