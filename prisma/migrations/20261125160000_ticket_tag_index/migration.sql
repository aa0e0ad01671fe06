-- A tag filter as fast as a status filter: one row per tag on a ticket, carrying the ticket's
-- created and updated times, so the list's two time orders read a tag's newest tickets straight
-- from an index and stop when the page is full (the GIN index of "tagIds" found every tagged
-- ticket and sorted them all). "Ticket"."tagIds" stays the ticket's own list, in the order the
-- tags were added, and these rows follow it.
CREATE TABLE "TicketTag" (
    "tagId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "ticketCreatedAt" TIMESTAMP(3) NOT NULL,
    "ticketUpdatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TicketTag_pkey" PRIMARY KEY ("tagId","ticketId")
);

CREATE INDEX "TicketTag_tagId_ticketCreatedAt_ticketId_idx" ON "TicketTag"("tagId", "ticketCreatedAt" DESC, "ticketId" DESC);
CREATE INDEX "TicketTag_tagId_ticketUpdatedAt_ticketId_idx" ON "TicketTag"("tagId", "ticketUpdatedAt" DESC, "ticketId" DESC);
CREATE INDEX "TicketTag_ticketId_idx" ON "TicketTag"("ticketId");

ALTER TABLE "TicketTag" ADD CONSTRAINT "TicketTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TicketTag" ADD CONSTRAINT "TicketTag_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by a trigger so that every writer of a ticket (services, seeds, imports) keeps the rows
-- exact in the same transaction: tags added or removed, and each change of the ticket's times.
-- Untagged tickets never reach the function (the triggers' WHEN), so they cost nothing.
-- The body is an E'' string with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticket_tag_rows"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''UPDATE'' AND OLD."tagIds" IS DISTINCT FROM NEW."tagIds" THEN
    DELETE FROM "TicketTag" WHERE "ticketId" = NEW."id" AND "tagId" <> ALL (NEW."tagIds")\073
  END IF\073
  IF TG_OP = ''INSERT'' OR OLD."tagIds" IS DISTINCT FROM NEW."tagIds"
    OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD."updatedAt" IS DISTINCT FROM NEW."updatedAt" THEN
    INSERT INTO "TicketTag" ("tagId", "ticketId", "ticketCreatedAt", "ticketUpdatedAt")
      SELECT DISTINCT t, NEW."id", NEW."createdAt", NEW."updatedAt" FROM unnest(NEW."tagIds") AS t
      ON CONFLICT ("tagId", "ticketId") DO UPDATE
        SET "ticketCreatedAt" = EXCLUDED."ticketCreatedAt", "ticketUpdatedAt" = EXCLUDED."ticketUpdatedAt"
        WHERE ("TicketTag"."ticketCreatedAt", "TicketTag"."ticketUpdatedAt") IS DISTINCT FROM (EXCLUDED."ticketCreatedAt", EXCLUDED."ticketUpdatedAt")\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_tag_rows_insert" AFTER INSERT ON "Ticket" FOR EACH ROW
  WHEN (NEW."tagIds" <> '{}') EXECUTE FUNCTION "ticket_tag_rows"();
CREATE TRIGGER "Ticket_tag_rows_update" AFTER UPDATE OF "tagIds", "createdAt", "updatedAt" ON "Ticket" FOR EACH ROW
  WHEN (NEW."tagIds" <> '{}' OR OLD."tagIds" <> '{}') EXECUTE FUNCTION "ticket_tag_rows"();

-- The rows of the tickets already tagged.
INSERT INTO "TicketTag" ("tagId", "ticketId", "ticketCreatedAt", "ticketUpdatedAt")
SELECT DISTINCT t, "id", "createdAt", "updatedAt" FROM "Ticket" CROSS JOIN LATERAL unnest("tagIds") AS t;

-- Nothing reads the GIN index any more, and every tag change paid for it.
DROP INDEX "Ticket_tagIds_idx";
