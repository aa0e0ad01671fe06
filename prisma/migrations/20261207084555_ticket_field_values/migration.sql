-- A custom field filter as fast as a tag filter, and a sort by a custom field: one row per value
-- on a ticket (one per option of a multi-select), carrying the ticket created and updated times,
-- so that the list reads a value newest tickets in either time order straight from an index and
-- stops when the page is full (the GIN index of "customFields" found every ticket holding the
-- value and the page then read them all to sort them). The same index read from the start of a
-- field key gives its tickets in the order of their values. "Ticket"."customFields" stays the
-- source of the values (the API, webhooks and rules read it) and these rows follow it.
-- (No apostrophe or semicolon in these comments: the migration runner reads them as the start
-- of a string or the end of a statement.)
CREATE TABLE "TicketFieldValue" (
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "ticketCreatedAt" TIMESTAMP(3) NOT NULL,
    "ticketUpdatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TicketFieldValue_pkey" PRIMARY KEY ("ticketId","key","value")
);

-- A value as its row keeps it: text cut to its first 255 characters, so that an index entry
-- stays far below the size a btree entry may have (a text value may hold 1,000 characters, a
-- long text 10,000). A filter on text also tests the whole value on the ticket. The list applies
-- the same function to what it looks up, so both sides are cut alike.
CREATE FUNCTION "field_row_value"(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  'SELECT CASE WHEN jsonb_typeof(v) = ''string'' THEN to_jsonb(left(v #>> ''{}'', 255)) ELSE v END';

-- The rows of a ticket values: each key with its value, a multi-select once per option.
CREATE FUNCTION "ticket_field_rows"(fields jsonb) RETURNS TABLE ("key" text, "value" jsonb)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS '
  SELECT DISTINCT f.key, "field_row_value"(e.value)
  FROM jsonb_each(CASE WHEN jsonb_typeof(fields) = ''object'' THEN fields ELSE ''{}''::jsonb END) AS f
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(f.value) = ''array'' THEN f.value ELSE jsonb_build_array(f.value) END) AS e
  WHERE jsonb_typeof(e.value) <> ''null''';

-- The rows of the tickets that already hold values, before the indexes (faster in one pass).
INSERT INTO "TicketFieldValue" ("organizationId", "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt")
SELECT t."organizationId", t."id", r."key", r."value", t."createdAt", t."updatedAt"
FROM "Ticket" t CROSS JOIN LATERAL "ticket_field_rows"(t."customFields") AS r
WHERE t."customFields" <> '{}'::jsonb;

-- Ascending: a value newest tickets are the index read backwards, and a sort by the field reads
-- the key values forwards (lowest first, ties oldest first) or backwards (highest first, ties
-- newest first), so a page after a cursor starts at one row comparison in either direction.
CREATE INDEX "TicketFieldValue_organizationId_key_value_ticketCreatedAt_t_idx" ON "TicketFieldValue"("organizationId", "key", "value", "ticketCreatedAt", "ticketId");
CREATE INDEX "TicketFieldValue_organizationId_key_value_ticketUpdatedAt_t_idx" ON "TicketFieldValue"("organizationId", "key", "value", "ticketUpdatedAt", "ticketId");

ALTER TABLE "TicketFieldValue" ADD CONSTRAINT "TicketFieldValue_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by a trigger, as the tag rows are (migration ticket_tag_index), so that every writer of a
-- ticket (services, rules, merges, bulk changes, a deleted field, seeds, imports) keeps the rows
-- exact in the same transaction: values set, changed or cleared, and each change of the ticket
-- times. Tickets without values never reach the function (the triggers WHEN), so they cost nothing.
-- The body is an E string with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticket_field_value_rows"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    INSERT INTO "TicketFieldValue" ("organizationId", "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt")
      SELECT NEW."organizationId", NEW."id", r."key", r."value", NEW."createdAt", NEW."updatedAt"
      FROM "ticket_field_rows"(NEW."customFields") AS r\073
    RETURN NULL\073
  END IF\073
  IF OLD."customFields" IS NOT DISTINCT FROM NEW."customFields" THEN
    UPDATE "TicketFieldValue" SET "ticketCreatedAt" = NEW."createdAt", "ticketUpdatedAt" = NEW."updatedAt"
      WHERE "ticketId" = NEW."id"
        AND ("ticketCreatedAt", "ticketUpdatedAt") IS DISTINCT FROM (NEW."createdAt", NEW."updatedAt")\073
    RETURN NULL\073
  END IF\073
  DELETE FROM "TicketFieldValue" AS v WHERE v."ticketId" = NEW."id"
    AND NOT EXISTS (SELECT 1 FROM "ticket_field_rows"(NEW."customFields") AS r WHERE r."key" = v."key" AND r."value" = v."value")\073
  INSERT INTO "TicketFieldValue" ("organizationId", "ticketId", "key", "value", "ticketCreatedAt", "ticketUpdatedAt")
    SELECT NEW."organizationId", NEW."id", r."key", r."value", NEW."createdAt", NEW."updatedAt"
    FROM "ticket_field_rows"(NEW."customFields") AS r
    ON CONFLICT ("ticketId", "key", "value") DO UPDATE
      SET "ticketCreatedAt" = EXCLUDED."ticketCreatedAt", "ticketUpdatedAt" = EXCLUDED."ticketUpdatedAt"
      WHERE ("TicketFieldValue"."ticketCreatedAt", "TicketFieldValue"."ticketUpdatedAt") IS DISTINCT FROM (EXCLUDED."ticketCreatedAt", EXCLUDED."ticketUpdatedAt")\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_field_rows_insert" AFTER INSERT ON "Ticket" FOR EACH ROW
  WHEN (NEW."customFields" <> '{}'::jsonb) EXECUTE FUNCTION "ticket_field_value_rows"();
CREATE TRIGGER "Ticket_field_rows_update" AFTER UPDATE OF "customFields", "createdAt", "updatedAt" ON "Ticket" FOR EACH ROW
  WHEN (NEW."customFields" <> '{}'::jsonb OR OLD."customFields" <> '{}'::jsonb) EXECUTE FUNCTION "ticket_field_value_rows"();

-- Nothing reads the GIN index of the values any more (migration custom_field_filter), and every
-- change of a value paid for it. The btree_gin extension stays: the search index uses it.
DROP INDEX "Ticket_customFields_idx";

-- Every server process keeps its organisations custom field definitions in memory for the list
-- filters and sorts (lib/services/fields/field-cache.ts): a change of a field is announced on the
-- channel the automation rules use, with the organisation id as payload, so that every process
-- sees it at once. The function is the rules own (migration automation_changes): it announces
-- the organisation of the row written, whichever table it is.
CREATE TRIGGER "CustomField_announce" AFTER INSERT OR DELETE OR UPDATE ON "CustomField" FOR EACH ROW EXECUTE FUNCTION "automation_announce"();
