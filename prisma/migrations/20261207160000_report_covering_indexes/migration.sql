-- A year's report of a large organisation reads its figures from indexes alone: each index a
-- report cuts a range from carries, beside the date, the measures the report reads (INCLUDE), so
-- that the range is read without the tables' rows (index-only scans). The schema cannot say
-- INCLUDE: these live here only. Each replaces the plain index of the same key.

DROP INDEX "Ticket_organizationId_solvedAt_idx";
CREATE INDEX "Ticket_report_solved_idx" ON "Ticket"("organizationId", "solvedAt")
  INCLUDE ("resolutionMinutes", "resolutionBusinessMinutes", "agentReplies", "reopenCount", "status", "createdAt");

-- The list's newest-first index, read backwards for a range of created tickets.
DROP INDEX "Ticket_organizationId_createdAt_id_idx";
CREATE INDEX "Ticket_organizationId_createdAt_id_idx" ON "Ticket"("organizationId", "createdAt" DESC, "id")
  INCLUDE ("firstResponseMinutes", "firstResponseBusinessMinutes");

DROP INDEX "TicketSlaTarget_organizationId_startedAt_idx";
CREATE INDEX "TicketSlaTarget_report_idx" ON "TicketSlaTarget"("organizationId", "startedAt")
  INCLUDE ("target", "slaPolicyId", "metAt", "breachedAt");

DROP INDEX "SatisfactionRating_organizationId_ratedAt_idx";
CREATE INDEX "SatisfactionRating_report_idx" ON "SatisfactionRating"("organizationId", "ratedAt") INCLUDE ("score");

DROP INDEX "TicketNextResponse_organizationId_answeredAt_idx";
CREATE INDEX "TicketNextResponse_report_idx" ON "TicketNextResponse"("organizationId", "answeredAt")
  INCLUDE ("minutes", "businessMinutes");
