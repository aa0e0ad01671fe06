-- Time rules (lib/services/automations/time-rules.ts) measure how long a ticket has been in its
-- status, with or without its assignee, and without a public reply from the team. Kept by
-- triggers so every writer (services, inbound mail, rules, seeds, scripts) is covered without
-- remembering to. A change carries the time the writer gave the row ("updatedAt"), else now().
-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
ALTER TABLE "Ticket" ADD COLUMN "statusChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN "assigneeChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN "teamRepliedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Existing tickets: a status or assignee never changed since versions were kept dates from the
-- ticket's creation, otherwise from its last change (never earlier than it happened, so a rule
-- fires late rather than early). The team's last public reply is read from the replies.
UPDATE "Ticket" t SET
  "statusChangedAt" = CASE
    WHEN NOT (t."fieldVersions" ? 'status') THEN t."createdAt"
    WHEN t."status" = 'closed' THEN COALESCE(t."closedAt", t."updatedAt")
    WHEN t."status" = 'resolved' THEN COALESCE(t."resolvedAt", t."updatedAt")
    ELSE t."updatedAt" END,
  "assigneeChangedAt" = CASE WHEN NOT (t."fieldVersions" ? 'assignedTo') THEN t."createdAt" ELSE t."updatedAt" END,
  "teamRepliedAt" = COALESCE((SELECT max(r."createdAt") FROM "Reply" r
    WHERE r."ticketId" = t."id" AND r."type" = 'public' AND r."authorType" = 'agent'), t."createdAt");

CREATE FUNCTION "ticket_time_rule_clocks"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changed_at timestamp(3)\073
BEGIN
  IF TG_OP = ''INSERT'' THEN
    NEW."statusChangedAt" := NEW."createdAt"\073
    NEW."assigneeChangedAt" := NEW."createdAt"\073
    NEW."teamRepliedAt" := NEW."createdAt"\073
    RETURN NEW\073
  END IF\073
  changed_at := CASE WHEN NEW."updatedAt" IS DISTINCT FROM OLD."updatedAt" THEN NEW."updatedAt" ELSE now() END\073
  IF NEW."status" IS DISTINCT FROM OLD."status" THEN
    NEW."statusChangedAt" := changed_at\073
  END IF\073
  IF NEW."assignedToId" IS DISTINCT FROM OLD."assignedToId" THEN
    NEW."assigneeChangedAt" := changed_at\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER "Ticket_time_rule_clocks" BEFORE INSERT OR UPDATE ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_time_rule_clocks"();

-- The reply trigger already touches the ticket for every new reply or note, and a public reply by
-- the team also dates "teamRepliedAt", in that same update.
CREATE OR REPLACE FUNCTION "reply_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  customer text\073
BEGIN
  UPDATE "Ticket" SET "fieldVersions" = "fieldVersions" || jsonb_build_object(''reply'', "version" + 1),
    "teamRepliedAt" = CASE WHEN NEW."type" = ''public'' AND NEW."authorType" = ''agent''
      THEN GREATEST("teamRepliedAt", NEW."createdAt") ELSE "teamRepliedAt" END
    WHERE "id" = NEW."ticketId" RETURNING "customerEmail" INTO customer\073
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''reply'', ''o'', NEW."organizationId", ''t'', NEW."ticketId",
    ''r'', NEW."id", ''i'', NEW."type" = ''internal'', ''c'', left(md5(lower(customer)), 16))::text)\073
  RETURN NULL\073
END
';

-- What the sweep's prefilter reads: an organisation's tickets of the statuses a rule looks at
-- (never closed), by each clock (created_at and updated_at use the existing indexes).
CREATE INDEX "Ticket_time_status_changed_idx" ON "Ticket"("organizationId", "status", "statusChangedAt") WHERE "status" <> 'closed';
CREATE INDEX "Ticket_time_assignee_changed_idx" ON "Ticket"("organizationId", "status", "assigneeChangedAt") WHERE "status" <> 'closed';
CREATE INDEX "Ticket_time_team_replied_idx" ON "Ticket"("organizationId", "status", "teamRepliedAt") WHERE "status" <> 'closed';

-- The organisations with active time rules, found without reading every rule.
CREATE INDEX "Automation_time_active_idx" ON "Automation"("organizationId") WHERE "when" = 'time' AND "active";

CREATE TABLE "AutomationFiring" (
    "automationId" TEXT NOT NULL,
    "ticketId" TEXT NOT NULL,
    "ticketVersion" INTEGER NOT NULL,
    "firedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AutomationFiring_pkey" PRIMARY KEY ("automationId","ticketId")
);

CREATE INDEX "AutomationFiring_ticketId_idx" ON "AutomationFiring"("ticketId");

ALTER TABLE "AutomationFiring" ADD CONSTRAINT "AutomationFiring_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "AutomationFiring" ADD CONSTRAINT "AutomationFiring_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;
