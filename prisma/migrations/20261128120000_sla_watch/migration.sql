-- The SLA warnings' own list of what to look at next: one row per open or in-progress ticket
-- that may still need a warning, with when it next does (its at-risk time, then, once warned at
-- risk, its breach time). The minute's job reads only the rows that came due. Before this it
-- read every open ticket already at risk and tested each for a warning sent before: 30,000
-- tickets and 0.3-2.7 s of database time every minute at a million tickets, growing with every
-- ticket left breached.
CREATE TABLE "SlaWatch" (
    "ticketId" TEXT NOT NULL,
    "warnAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SlaWatch_pkey" PRIMARY KEY ("ticketId")
);

CREATE INDEX "SlaWatch_warnAt_idx" ON "SlaWatch"("warnAt");

ALTER TABLE "SlaWatch" ADD CONSTRAINT "SlaWatch_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by a trigger so that every writer of a ticket (services, inbound mail, seeds) keeps it
-- exact: a ticket that turns open or in progress, or whose at-risk time moves (a new priority, a
-- first reply, a reopen), is looked at again from its at-risk time, and a warning already sent
-- is not sent twice ("SlaWarning" holds one row per ticket and state). A ticket that goes
-- pending (its clock paused), resolved or closed leaves the list.
-- The body is an E'' string with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticket_sla_watch"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF NEW."status" IN (''open'', ''in_progress'') THEN
    INSERT INTO "SlaWatch" ("ticketId", "warnAt") VALUES (NEW."id", NEW."slaRiskAt")
      ON CONFLICT ("ticketId") DO UPDATE SET "warnAt" = EXCLUDED."warnAt"\073
  ELSIF TG_OP = ''UPDATE'' THEN
    DELETE FROM "SlaWatch" WHERE "ticketId" = NEW."id"\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_sla_watch_insert" AFTER INSERT ON "Ticket" FOR EACH ROW
  WHEN (NEW."status" IN ('open', 'in_progress')) EXECUTE FUNCTION "ticket_sla_watch"();
-- Moving between open and in progress changes nothing to watch.
CREATE TRIGGER "Ticket_sla_watch_update" AFTER UPDATE OF "status", "slaRiskAt" ON "Ticket" FOR EACH ROW
  WHEN (OLD."slaRiskAt" IS DISTINCT FROM NEW."slaRiskAt"
    OR (OLD."status" IN ('open', 'in_progress')) IS DISTINCT FROM (NEW."status" IN ('open', 'in_progress')))
  EXECUTE FUNCTION "ticket_sla_watch"();

-- The tickets already there that are still to be warned of: at their at-risk time, or at their
-- breach time once warned at risk.
INSERT INTO "SlaWatch" ("ticketId", "warnAt")
SELECT t."id", CASE WHEN EXISTS (SELECT 1 FROM "SlaWarning" w WHERE w."ticketId" = t."id" AND w."state" = 'at_risk')
    THEN LEAST(t."resolutionDueAt", CASE WHEN t."firstRespondedAt" IS NULL THEN t."firstResponseDueAt" END)
    ELSE t."slaRiskAt" END
FROM "Ticket" t
WHERE t."status" IN ('open', 'in_progress')
  AND NOT EXISTS (SELECT 1 FROM "SlaWarning" w WHERE w."ticketId" = t."id" AND w."state" = 'breached');
