-- The SLA clock of a ticket under its policy (lib/services/sla/ticket-sla.ts). (No apostrophe or
-- semicolon in comments: the migration runner reads them as the start of a string or the end of
-- a statement. Bodies are E strings with \073 for each semicolon.)

-- Due times are null while their clock stands still (the ticket waits on the customer), and the
-- at-risk time with them, so a paused ticket is neither at risk nor warned of.
ALTER TABLE "Ticket" ALTER COLUMN "firstResponseDueAt" DROP NOT NULL,
  ALTER COLUMN "resolutionDueAt" DROP NOT NULL,
  ALTER COLUMN "slaRiskAt" DROP NOT NULL,
  ADD COLUMN "nextResponseDueAt" TIMESTAMP(3),
  ADD COLUMN "slaPolicyId" TEXT;

CREATE INDEX "Ticket_slaPolicyId_idx" ON "Ticket"("slaPolicyId");
ALTER TABLE "Ticket" ADD CONSTRAINT "Ticket_slaPolicyId_fkey" FOREIGN KEY ("slaPolicyId") REFERENCES "SlaPolicy"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- When the clocks of a ticket stood still: while it was pending (every target), and while it was
-- resolved or closed (the resolution target, which a reopen resumes with the time left). Kept by
-- a trigger on every change of status, dated like the time rules clocks (the time the writer gave
-- the row), so that every writer is covered and due times are recomputed from this history.
CREATE TABLE "TicketSlaPause" (
    "ticketId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "TicketSlaPause_pkey" PRIMARY KEY ("ticketId", "startedAt", "reason")
);
ALTER TABLE "TicketSlaPause" ADD CONSTRAINT "TicketSlaPause_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "ticket_sla_pauses"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  was text\073
  now_is text\073
BEGIN
  now_is := CASE WHEN NEW."status" = ''pending'' THEN ''pending'' WHEN NEW."status" IN (''resolved'', ''closed'') THEN ''done'' END\073
  IF TG_OP = ''UPDATE'' THEN
    was := CASE WHEN OLD."status" = ''pending'' THEN ''pending'' WHEN OLD."status" IN (''resolved'', ''closed'') THEN ''done'' END\073
  END IF\073
  IF was IS NOT DISTINCT FROM now_is THEN
    RETURN NULL\073
  END IF\073
  IF was IS NOT NULL THEN
    UPDATE "TicketSlaPause" SET "endedAt" = NEW."statusChangedAt"
      WHERE "ticketId" = NEW."id" AND "reason" = was AND "endedAt" IS NULL\073
  END IF\073
  IF now_is IS NOT NULL THEN
    INSERT INTO "TicketSlaPause" ("ticketId", "reason", "startedAt") VALUES (NEW."id", now_is, NEW."statusChangedAt")
      ON CONFLICT DO NOTHING\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_sla_pauses_insert" AFTER INSERT ON "Ticket" FOR EACH ROW
  WHEN (NEW."status" IN ('pending', 'resolved', 'closed')) EXECUTE FUNCTION "ticket_sla_pauses"();
CREATE TRIGGER "Ticket_sla_pauses_update" AFTER UPDATE OF "status" ON "Ticket" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "ticket_sla_pauses"();

-- The tickets already waiting or done: their clocks stand still since their status last changed.
INSERT INTO "TicketSlaPause" ("ticketId", "reason", "startedAt")
SELECT "id", CASE WHEN "status" = 'pending' THEN 'pending' ELSE 'done' END, "statusChangedAt"
FROM "Ticket" WHERE "status" IN ('pending', 'resolved', 'closed');

-- Per ticket and target, what the reports read without recomputing history: when it was due,
-- when it was met, when it breached, and the business minutes taken (up to now while it runs).
-- One row for the first response, one for the resolution, and one per cycle of next response
-- (each customer message after a reply from the team starts one).
CREATE TABLE "TicketSlaTarget" (
    "ticketId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "cycle" INTEGER NOT NULL DEFAULT 0,
    "slaPolicyId" TEXT,
    "minutes" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "dueAt" TIMESTAMP(3),
    "metAt" TIMESTAMP(3),
    "breachedAt" TIMESTAMP(3),
    "businessMinutes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TicketSlaTarget_pkey" PRIMARY KEY ("ticketId", "target", "cycle")
);
CREATE INDEX "TicketSlaTarget_organizationId_startedAt_idx" ON "TicketSlaTarget"("organizationId", "startedAt");
CREATE INDEX "TicketSlaTarget_slaPolicyId_idx" ON "TicketSlaTarget"("slaPolicyId") WHERE "slaPolicyId" IS NOT NULL;
ALTER TABLE "TicketSlaTarget" ADD CONSTRAINT "TicketSlaTarget_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TicketSlaTarget" ADD CONSTRAINT "TicketSlaTarget_slaPolicyId_fkey" FOREIGN KEY ("slaPolicyId") REFERENCES "SlaPolicy"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A ticket without an at-risk time (its clocks stand still, or no target runs) is not watched.
CREATE OR REPLACE FUNCTION "ticket_sla_watch"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF NEW."status" IN (''open'', ''in_progress'') AND NEW."slaRiskAt" IS NOT NULL THEN
    INSERT INTO "SlaWatch" ("ticketId", "warnAt") VALUES (NEW."id", NEW."slaRiskAt")
      ON CONFLICT ("ticketId") DO UPDATE SET "warnAt" = EXCLUDED."warnAt"\073
  ELSIF TG_OP = ''UPDATE'' THEN
    DELETE FROM "SlaWatch" WHERE "ticketId" = NEW."id"\073
  END IF\073
  RETURN NULL\073
END
';

-- Calendars and policies are read by every server process from a cache kept true by the same
-- announcements as the automation rules (see migration automation_changes).
CREATE TRIGGER "BusinessCalendar_announce" AFTER INSERT OR UPDATE OR DELETE ON "BusinessCalendar" FOR EACH ROW EXECUTE FUNCTION "automation_announce"();
CREATE TRIGGER "SlaPolicy_announce" AFTER INSERT OR UPDATE OR DELETE ON "SlaPolicy" FOR EACH ROW EXECUTE FUNCTION "automation_announce"();

-- Writing the due times that follow from a change (in the same transaction, right after it) is
-- not a change of its own: it does not raise the version that change already raised (what an
-- agent saw, and what a stale write is checked against). The SLA writer marks its statement.
CREATE OR REPLACE FUNCTION "ticket_version_bump"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF current_setting(''ticketry.sla_write'', true) = ''on'' THEN
    RETURN NEW\073
  END IF\073
  NEW."version" := OLD."version" + 1\073
  IF NEW."status" IS DISTINCT FROM OLD."status" THEN
    NEW."fieldVersions" := NEW."fieldVersions" || jsonb_build_object(''status'', NEW."version")\073
  END IF\073
  IF NEW."priority" IS DISTINCT FROM OLD."priority" THEN
    NEW."fieldVersions" := NEW."fieldVersions" || jsonb_build_object(''priority'', NEW."version")\073
  END IF\073
  IF NEW."assignedToId" IS DISTINCT FROM OLD."assignedToId" THEN
    NEW."fieldVersions" := NEW."fieldVersions" || jsonb_build_object(''assignedTo'', NEW."version")\073
  END IF\073
  RETURN NEW\073
END
';
