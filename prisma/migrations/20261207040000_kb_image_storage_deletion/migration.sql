-- A deleted knowledge base image row (by the cleanup, or with its organisation through the
-- cascade) queues its stored object for the attachments.purge job in the same transaction, as an
-- attachment row does: the bytes are never left without a record of what to remove. The body is
-- an escaped string with \073 for each semicolon, as the runner splits scripts on every semicolon.
CREATE FUNCTION "kb_image_queue_storage_deletion"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "StorageDeletion" ("key") VALUES (OLD."storageKey") ON CONFLICT ("key") DO NOTHING\073
  RETURN NULL\073
END
';

CREATE TRIGGER "KbImage_queue_storage_deletion" AFTER DELETE ON "KbImage" FOR EACH ROW EXECUTE FUNCTION "kb_image_queue_storage_deletion"();
