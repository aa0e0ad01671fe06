-- CreateTable
CREATE TABLE "TicketQueueCount" (
    "organizationId" TEXT NOT NULL,
    "assignedToId" TEXT NOT NULL DEFAULT '',
    "open" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TicketQueueCount_pkey" PRIMARY KEY ("organizationId","assignedToId")
);

-- AddForeignKey
ALTER TABLE "TicketQueueCount" ADD CONSTRAINT "TicketQueueCount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by a trigger so that every write path (services, seeds, cascades) stays exact: an
-- open ticket (open, pending, in_progress) counts once under its organisation and assignee.
-- Two counter rows are always touched in key order, so concurrent reassignments cannot deadlock.
-- The body is an E'' string with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticket_queue_count"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  old_key text := CASE WHEN TG_OP <> ''INSERT'' AND OLD."status" IN (''open'', ''pending'', ''in_progress'') THEN OLD."organizationId" || ''/'' || COALESCE(OLD."assignedToId", '''') END\073
  new_key text := CASE WHEN TG_OP <> ''DELETE'' AND NEW."status" IN (''open'', ''pending'', ''in_progress'') THEN NEW."organizationId" || ''/'' || COALESCE(NEW."assignedToId", '''') END\073
BEGIN
  IF old_key IS NOT DISTINCT FROM new_key THEN
    RETURN NULL\073
  END IF\073
  IF new_key IS NOT NULL AND (old_key IS NULL OR new_key < old_key) THEN
    INSERT INTO "TicketQueueCount" ("organizationId", "assignedToId", "open") VALUES (NEW."organizationId", COALESCE(NEW."assignedToId", ''''), 1)
      ON CONFLICT ("organizationId", "assignedToId") DO UPDATE SET "open" = "TicketQueueCount"."open" + 1\073
  END IF\073
  IF old_key IS NOT NULL THEN
    UPDATE "TicketQueueCount" SET "open" = "open" - 1 WHERE "organizationId" = OLD."organizationId" AND "assignedToId" = COALESCE(OLD."assignedToId", '''')\073
  END IF\073
  IF new_key IS NOT NULL AND old_key IS NOT NULL AND new_key > old_key THEN
    INSERT INTO "TicketQueueCount" ("organizationId", "assignedToId", "open") VALUES (NEW."organizationId", COALESCE(NEW."assignedToId", ''''), 1)
      ON CONFLICT ("organizationId", "assignedToId") DO UPDATE SET "open" = "TicketQueueCount"."open" + 1\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_queue_count_insert" AFTER INSERT ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_queue_count"();
CREATE TRIGGER "Ticket_queue_count_delete" AFTER DELETE ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_queue_count"();
CREATE TRIGGER "Ticket_queue_count_update" AFTER UPDATE OF "status", "assignedToId", "organizationId" ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_queue_count"();

-- Counts of the tickets already there.
INSERT INTO "TicketQueueCount" ("organizationId", "assignedToId", "open")
SELECT "organizationId", COALESCE("assignedToId", ''), count(*) FROM "Ticket"
WHERE "status" IN ('open', 'pending', 'in_progress') GROUP BY 1, 2;
