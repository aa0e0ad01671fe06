-- Best match first puts the tickets whose subject holds the search first, newest first, then the
-- other matches, newest first. A term in many subjects is found by walking the tenant's tickets
-- newest first. This index finds a term that few or no subjects hold, and so shows at once that
-- the first part has ended, where a walk would read every ticket of the tenant to be sure.
-- The pending list is kept as short as in the other search indexes: every lookup reads all of it.
CREATE INDEX "Ticket_subject_trgm_idx" ON "Ticket" USING gin ("organizationId", lower("subject") gin_trgm_ops) WITH (gin_pending_list_limit = 256);

-- The words kept for ts_rank: ranking no longer reads them, and computing them cost every write.
ALTER TABLE "Ticket" DROP COLUMN "searchVector";
