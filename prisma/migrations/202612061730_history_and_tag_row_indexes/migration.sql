-- Fewer index entries for every history row and every tag on a ticket: a new ticket routed by
-- the rules of its organisation writes a history row per change and a tag row per tag, and each
-- entry is paid for on every write. (No apostrophe or semicolon in these comments: the
-- migration runner reads them as the start of a string or the end of a statement.)

-- The history of a ticket is read by the ticket, newest first, and removed with it: one index
-- does both (the organisation is that of the ticket, so a leading "organizationId" only made
-- each entry longer, and the separate "ticketId" index repeated it).
DROP INDEX "AuditEvent_organizationId_ticketId_createdAt_idx";
DROP INDEX "AuditEvent_ticketId_idx";
CREATE INDEX "AuditEvent_ticketId_createdAt_idx" ON "AuditEvent"("ticketId", "createdAt");

-- Rows are looked up by actor only when a user is removed: rows written by a rule or the
-- system have none and need no entry.
DROP INDEX "AuditEvent_actorId_idx";
CREATE INDEX "AuditEvent_actorId_idx" ON "AuditEvent"("actorId") WHERE "actorId" IS NOT NULL;

-- The key of a tag row leads with its ticket, so it also serves the rows of one ticket (its tags
-- changing, the ticket removed) and the separate "ticketId" index goes: the tickets of a tag
-- are read through the two time-ordered indexes, which lead with the tag.
ALTER TABLE "TicketTag" DROP CONSTRAINT "TicketTag_pkey";
ALTER TABLE "TicketTag" ADD CONSTRAINT "TicketTag_pkey" PRIMARY KEY ("ticketId", "tagId");
DROP INDEX "TicketTag_ticketId_idx";

-- The tag rows of a new ticket cannot exist yet: they are inserted without looking for a conflict.
-- The body is an E'' string with \073 for each semicolon (see migration ticket_tag_index).
CREATE OR REPLACE FUNCTION "ticket_tag_rows"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "TicketTag" ("tagId", "ticketId", "ticketCreatedAt", "ticketUpdatedAt")
      SELECT DISTINCT t, NEW."id", NEW."createdAt", NEW."updatedAt" FROM unnest(NEW."tagIds") AS t\073
    RETURN NULL\073
  END IF\073
  IF OLD."tagIds" IS DISTINCT FROM NEW."tagIds" THEN
    DELETE FROM "TicketTag" WHERE "ticketId" = NEW."id" AND "tagId" <> ALL (NEW."tagIds")\073
  END IF\073
  IF OLD."tagIds" IS DISTINCT FROM NEW."tagIds"
    OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD."updatedAt" IS DISTINCT FROM NEW."updatedAt" THEN
    INSERT INTO "TicketTag" ("tagId", "ticketId", "ticketCreatedAt", "ticketUpdatedAt")
      SELECT DISTINCT t, NEW."id", NEW."createdAt", NEW."updatedAt" FROM unnest(NEW."tagIds") AS t
      ON CONFLICT ("ticketId", "tagId") DO UPDATE
        SET "ticketCreatedAt" = EXCLUDED."ticketCreatedAt", "ticketUpdatedAt" = EXCLUDED."ticketUpdatedAt"
        WHERE ("TicketTag"."ticketCreatedAt", "TicketTag"."ticketUpdatedAt") IS DISTINCT FROM (EXCLUDED."ticketCreatedAt", EXCLUDED."ticketUpdatedAt")\073
  END IF\073
  RETURN NULL\073
END
';
