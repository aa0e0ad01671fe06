-- What needs attention first reads the time the SLA next runs out. With business-hours SLAs that
-- is the soonest running target, the answer to a follow-up from the customer included (before, a
-- ticket waiting on that answer was ordered by its resolution), and a waiting ticket has no due
-- time at all: its clocks stand still and its due times are null. A null key could not start a
-- later page (a row comparison with null is never true), so such a ticket now sorts after every
-- running one as infinity. The open-queue attention indexes are rebuilt over that key, under
-- their names, so each queue still reads one page of one of them.
DROP INDEX "Ticket_open_attention_idx";
DROP INDEX "Ticket_open_assignee_attention_idx";
DROP INDEX "Ticket_unassigned_attention_idx";
DROP INDEX "Ticket_open_group_attention_idx";
CREATE INDEX "Ticket_open_attention_idx" ON "Ticket"("organizationId", (COALESCE(LEAST(CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" END, "nextResponseDueAt", "resolutionDueAt"), 'infinity'::timestamp(3))), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress');
CREATE INDEX "Ticket_open_assignee_attention_idx" ON "Ticket"("organizationId", "assignedToId", (COALESCE(LEAST(CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" END, "nextResponseDueAt", "resolutionDueAt"), 'infinity'::timestamp(3))), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress');
CREATE INDEX "Ticket_unassigned_attention_idx" ON "Ticket"("organizationId", (COALESCE(LEAST(CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" END, "nextResponseDueAt", "resolutionDueAt"), 'infinity'::timestamp(3))), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress') AND "assignedToId" IS NULL;
CREATE INDEX "Ticket_open_group_attention_idx" ON "Ticket"("organizationId", "groupId", (COALESCE(LEAST(CASE WHEN "firstRespondedAt" IS NULL THEN "firstResponseDueAt" END, "nextResponseDueAt", "resolutionDueAt"), 'infinity'::timestamp(3))), "priority", "createdAt", "id") WHERE "status" IN ('open', 'pending', 'in_progress') AND "groupId" IS NOT NULL;
