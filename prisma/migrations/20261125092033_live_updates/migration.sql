-- AlterTable
ALTER TABLE "Ticket" ADD COLUMN     "fieldVersions" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "TicketPresence" (
    "organizationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "typing" BOOLEAN NOT NULL DEFAULT false,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TicketPresence_pkey" PRIMARY KEY ("organizationId","ticketId","userId")
);

-- CreateIndex
CREATE INDEX "TicketPresence_ticketId_idx" ON "TicketPresence"("ticketId");

-- CreateIndex
CREATE INDEX "TicketPresence_userId_idx" ON "TicketPresence"("userId");

-- AddForeignKey
ALTER TABLE "TicketPresence" ADD CONSTRAINT "TicketPresence_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TicketPresence" ADD CONSTRAINT "TicketPresence_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TicketPresence" ADD CONSTRAINT "TicketPresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live updates (lib/live). Kept by triggers so that every writer (services, inbound mail, seeds,
-- jobs) is covered without remembering to: each change of a ticket raises its version, records
-- at which version status, priority, assignee and the conversation last changed (what a stale
-- write is checked against), and announces itself with pg_notify in the writing transaction,
-- so listeners hear of it only once it commits. Payloads carry ids only, and "c" is a short hash
-- of the customer's address (which customer's stream may hear it), never the address itself.
-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticket_version_bump"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
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

CREATE TRIGGER "Ticket_version" BEFORE UPDATE ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_version_bump"();

CREATE FUNCTION "ticket_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''ticket'', ''o'', NEW."organizationId", ''t'', NEW."id",
    ''v'', NEW."version", ''c'', left(md5(lower(NEW."customerEmail")), 16))::text)\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_announce" AFTER INSERT OR UPDATE ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_announce"();

-- A new reply or note moves the conversation's version (the ticket's own update announces the
-- ticket), and the reply itself is announced with whether it is internal, so customers never hear of notes.
CREATE FUNCTION "reply_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  customer text\073
BEGIN
  UPDATE "Ticket" SET "fieldVersions" = "fieldVersions" || jsonb_build_object(''reply'', "version" + 1)
    WHERE "id" = NEW."ticketId" RETURNING "customerEmail" INTO customer\073
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''reply'', ''o'', NEW."organizationId", ''t'', NEW."ticketId",
    ''r'', NEW."id", ''i'', NEW."type" = ''internal'', ''c'', left(md5(lower(customer)), 16))::text)\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Reply_announce" AFTER INSERT ON "Reply" FOR EACH ROW EXECUTE FUNCTION "reply_announce"();
