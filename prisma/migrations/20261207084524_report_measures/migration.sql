-- What the reports read per ticket (docs/design/reports.md), kept by the database so that every
-- writer (services, inbound mail, rules, merges, seeds, scripts) is covered in the statement
-- that moves them, and a report never reads replies or history. (No apostrophe or semicolon in
-- comments: the migration runner reads them as the start of a string or the end of a statement.
-- Bodies are E strings with \073 for each semicolon.)
ALTER TABLE "Ticket" ADD COLUMN     "agentReplies" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "entrance" TEXT,
ADD COLUMN     "firstResponseBusinessMinutes" INTEGER,
ADD COLUMN     "firstResponseMinutes" INTEGER,
ADD COLUMN     "firstSolvedAt" TIMESTAMP(3),
ADD COLUMN     "reopenCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reopenedAt" TIMESTAMP(3),
ADD COLUMN     "resolutionBusinessMinutes" INTEGER,
ADD COLUMN     "resolutionMinutes" INTEGER,
ADD COLUMN     "solvedAt" TIMESTAMP(3);

-- Open minutes of a business-hours calendar (its zone, weekly hours and holidays as the
-- BusinessCalendar row keeps them) between two UTC moments: the arithmetic of
-- lib/sla/business-time.ts businessMinutesBetween, day by day in the calendar zone.
CREATE FUNCTION "calendar_open_minutes"(zone text, hours jsonb, holidays jsonb, a timestamp, b timestamp)
RETURNS double precision LANGUAGE plpgsql STABLE AS E'
DECLARE
  total double precision := 0\073
  local_day date\073
  last_day date\073
  span jsonb\073
  opens timestamp\073
  closes timestamp\073
BEGIN
  IF a IS NULL OR b IS NULL OR b <= a THEN
    RETURN 0\073
  END IF\073
  local_day := (a AT TIME ZONE ''UTC'' AT TIME ZONE zone)::date\073
  last_day := (b AT TIME ZONE ''UTC'' AT TIME ZONE zone)::date\073
  WHILE local_day <= last_day LOOP
    IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(holidays, ''[]'')) h
        WHERE h->>''date'' = to_char(local_day, ''YYYY-MM-DD'')
          OR (COALESCE((h->>''yearly'')::boolean, false) AND substr(h->>''date'', 6) = to_char(local_day, ''MM-DD''))) THEN
      FOR span IN SELECT s FROM jsonb_array_elements(COALESCE(hours->((ARRAY[''mon'', ''tue'', ''wed'', ''thu'', ''fri'', ''sat'', ''sun''])[extract(isodow FROM local_day)::int]), ''[]'')) s LOOP
        opens := (local_day + (span->>0)::time) AT TIME ZONE zone AT TIME ZONE ''UTC''\073
        closes := (local_day + (span->>1)::time) AT TIME ZONE zone AT TIME ZONE ''UTC''\073
        IF LEAST(closes, b) > GREATEST(opens, a) THEN
          total := total + extract(epoch FROM LEAST(closes, b) - GREATEST(opens, a)) / 60\073
        END IF\073
      END LOOP\073
    END IF\073
    local_day := local_day + 1\073
  END LOOP\073
  RETURN total\073
END
';

-- Whole business minutes of a ticket between two moments: in its SLA policy calendar, else in the
-- organisation default calendar, else around the clock.
CREATE FUNCTION "ticket_business_minutes"(org text, policy text, a timestamp, b timestamp)
RETURNS integer LANGUAGE plpgsql STABLE AS E'
DECLARE
  cal record\073
BEGIN
  IF a IS NULL OR b IS NULL THEN
    RETURN NULL\073
  END IF\073
  IF policy IS NOT NULL THEN
    SELECT c."timeZone", c."hours", c."holidays" INTO cal FROM "SlaPolicy" p JOIN "BusinessCalendar" c ON c."id" = p."calendarId"
      WHERE p."id" = policy\073
  END IF\073
  IF cal IS NULL THEN
    SELECT c."timeZone", c."hours", c."holidays" INTO cal FROM "BusinessCalendar" c
      WHERE c."organizationId" = org AND c."isDefault"\073
  END IF\073
  IF cal IS NULL THEN
    RETURN GREATEST(0, round(extract(epoch FROM b - a) / 60))\073
  END IF\073
  RETURN round("calendar_open_minutes"(cal."timeZone", cal."hours", cal."holidays", a, b))\073
END
';

-- Existing tickets, from their history: public replies by the team, and the moves of status
-- the history recorded (into Resolved or Closed from an open status, and back). A ticket done
-- without such an event (created done, or before history was kept) was solved when its status
-- last changed. A ticket mailed in is email, other customer tickets portal, a ticket an API token
-- created api, the rest agent (lib/services/automations/origin.ts). Written before the trigger
-- below exists, in one statement.
WITH team AS (
  SELECT r."ticketId", count(*)::int AS n, min(r."createdAt") AS first
  FROM "Reply" r WHERE r."type" = 'public' AND r."authorType" = 'agent' GROUP BY r."ticketId"
), moves AS (
  SELECT e."ticketId",
    min(e."createdAt") FILTER (WHERE e."metadata"->>'to' IN ('resolved', 'closed') AND e."metadata"->>'from' NOT IN ('resolved', 'closed')) AS first_solved,
    max(e."createdAt") FILTER (WHERE e."metadata"->>'to' IN ('resolved', 'closed') AND e."metadata"->>'from' NOT IN ('resolved', 'closed')) AS last_solved,
    max(e."createdAt") FILTER (WHERE e."metadata"->>'from' IN ('resolved', 'closed') AND e."metadata"->>'to' NOT IN ('resolved', 'closed')) AS last_reopened,
    (count(*) FILTER (WHERE e."metadata"->>'from' IN ('resolved', 'closed') AND e."metadata"->>'to' NOT IN ('resolved', 'closed')))::int AS reopens
  FROM "AuditEvent" e WHERE e."action" = 'ticket.status_changed' AND e."ticketId" IS NOT NULL GROUP BY e."ticketId"
), measured AS (
  SELECT t."id",
    COALESCE(t."firstRespondedAt", team.first) AS responded,
    COALESCE(team.n, 0) AS replies,
    CASE WHEN t."status" IN ('resolved', 'closed') THEN COALESCE(moves.last_solved, t."resolvedAt", t."closedAt", t."statusChangedAt") ELSE moves.last_solved END AS solved,
    moves.first_solved, moves.last_reopened, COALESCE(moves.reopens, 0) AS reopens,
    CASE
      WHEN t."raisedByCustomer" AND EXISTS (SELECT 1 FROM "InboundMessage" m WHERE m."organizationId" = t."organizationId" AND m."ticketId" = t."id" AND m."replyId" IS NULL) THEN 'email'
      WHEN t."raisedByCustomer" THEN 'portal'
      WHEN EXISTS (SELECT 1 FROM "AuditEvent" c WHERE c."ticketId" = t."id" AND c."action" = 'ticket.created' AND c."actorType" = 'api') THEN 'api'
      ELSE 'agent' END AS entrance
  FROM "Ticket" t LEFT JOIN team ON team."ticketId" = t."id" LEFT JOIN moves ON moves."ticketId" = t."id"
)
UPDATE "Ticket" t SET
  "firstRespondedAt" = m.responded,
  "agentReplies" = m.replies,
  "solvedAt" = m.solved,
  "firstSolvedAt" = COALESCE(m.first_solved, m.solved),
  "reopenedAt" = m.last_reopened,
  "reopenCount" = m.reopens,
  "entrance" = m.entrance,
  "firstResponseMinutes" = GREATEST(0, round(extract(epoch FROM m.responded - t."createdAt") / 60)),
  "firstResponseBusinessMinutes" = "ticket_business_minutes"(t."organizationId", t."slaPolicyId", t."createdAt", m.responded),
  "resolutionMinutes" = GREATEST(0, round(extract(epoch FROM m.solved - t."createdAt") / 60)),
  "resolutionBusinessMinutes" = "ticket_business_minutes"(t."organizationId", t."slaPolicyId", t."createdAt", m.solved)
FROM measured m WHERE m."id" = t."id";

-- Every write of a ticket: a move into Resolved or Closed from an open status solves it (the
-- first time kept, the latest replacing the one before), a move back out reopens it, dated
-- like the time rules clocks (the time the writer gave the row, else now). The minutes follow
-- their moments. A new ticket without an entrance came from the portal when a customer raised it.
CREATE FUNCTION "ticket_report_measures"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changed_at timestamp(3)\073
  is_done boolean := NEW."status" IN (''resolved'', ''closed'')\073
  was_done boolean\073
BEGIN
  IF TG_OP = ''INSERT'' THEN
    NEW."entrance" := COALESCE(NEW."entrance", CASE WHEN NEW."raisedByCustomer" THEN ''portal'' ELSE ''agent'' END)\073
    IF is_done THEN
      NEW."solvedAt" := COALESCE(NEW."solvedAt", NEW."resolvedAt", NEW."closedAt", NEW."createdAt")\073
      NEW."firstSolvedAt" := COALESCE(NEW."firstSolvedAt", NEW."solvedAt")\073
    END IF\073
  ELSE
    changed_at := CASE WHEN NEW."updatedAt" IS DISTINCT FROM OLD."updatedAt" THEN NEW."updatedAt" ELSE now() END\073
    was_done := OLD."status" IN (''resolved'', ''closed'')\073
    IF is_done AND NOT was_done THEN
      NEW."solvedAt" := changed_at\073
      NEW."firstSolvedAt" := COALESCE(OLD."firstSolvedAt", changed_at)\073
    ELSIF was_done AND NOT is_done THEN
      NEW."reopenedAt" := changed_at\073
      NEW."reopenCount" := OLD."reopenCount" + 1\073
    END IF\073
  END IF\073
  IF NEW."firstRespondedAt" IS NULL THEN
    NEW."firstResponseMinutes" := NULL\073
    NEW."firstResponseBusinessMinutes" := NULL\073
  ELSIF TG_OP = ''INSERT'' OR NEW."firstRespondedAt" IS DISTINCT FROM OLD."firstRespondedAt" THEN
    NEW."firstResponseMinutes" := GREATEST(0, round(extract(epoch FROM NEW."firstRespondedAt" - NEW."createdAt") / 60))\073
    NEW."firstResponseBusinessMinutes" := "ticket_business_minutes"(NEW."organizationId", NEW."slaPolicyId", NEW."createdAt", NEW."firstRespondedAt")\073
  END IF\073
  IF NEW."solvedAt" IS NULL THEN
    NEW."resolutionMinutes" := NULL\073
    NEW."resolutionBusinessMinutes" := NULL\073
  ELSIF TG_OP = ''INSERT'' OR NEW."solvedAt" IS DISTINCT FROM OLD."solvedAt" THEN
    NEW."resolutionMinutes" := GREATEST(0, round(extract(epoch FROM NEW."solvedAt" - NEW."createdAt") / 60))\073
    NEW."resolutionBusinessMinutes" := "ticket_business_minutes"(NEW."organizationId", NEW."slaPolicyId", NEW."createdAt", NEW."solvedAt")\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER "Ticket_report_measures" BEFORE INSERT OR UPDATE ON "Ticket" FOR EACH ROW EXECUTE FUNCTION "ticket_report_measures"();

-- The reply trigger already touches the ticket for every new reply or note: a public reply by the
-- team also counts, and the first one dates the first response (the earliest, should a writer
-- backdate one), in that same update.
CREATE OR REPLACE FUNCTION "reply_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  customer text\073
  team boolean := NEW."type" = ''public'' AND NEW."authorType" = ''agent''\073
BEGIN
  UPDATE "Ticket" SET "fieldVersions" = "fieldVersions" || jsonb_build_object(''reply'', "version" + 1),
    "teamRepliedAt" = CASE WHEN team THEN GREATEST("teamRepliedAt", NEW."createdAt") ELSE "teamRepliedAt" END,
    "agentReplies" = "agentReplies" + CASE WHEN team THEN 1 ELSE 0 END,
    "firstRespondedAt" = CASE WHEN team AND ("firstRespondedAt" IS NULL OR "firstRespondedAt" > NEW."createdAt")
      THEN NEW."createdAt" ELSE "firstRespondedAt" END
    WHERE "id" = NEW."ticketId" RETURNING "customerEmail" INTO customer\073
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''reply'', ''o'', NEW."organizationId", ''t'', NEW."ticketId",
    ''r'', NEW."id", ''i'', NEW."type" = ''internal'', ''c'', left(md5(lower(customer)), 16))::text)\073
  RETURN NULL\073
END
';

-- Replies moved to another ticket (a merge moves the conversation to the surviving ticket): both
-- tickets count their public replies by the team again. The first response stays each ticket own.
CREATE FUNCTION "reply_moved_recount"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "Ticket" t SET "agentReplies" = (SELECT count(*) FROM "Reply" r
      WHERE r."ticketId" = t."id" AND r."type" = ''public'' AND r."authorType" = ''agent'')
    WHERE t."id" IN (SELECT unnest(ARRAY[o."ticketId", n."ticketId"]) FROM moved_from o JOIN moved_to n ON n."id" = o."id"
      WHERE n."ticketId" <> o."ticketId")\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Reply_moved_recount" AFTER UPDATE ON "Reply" REFERENCING OLD TABLE AS moved_from NEW TABLE AS moved_to
  FOR EACH STATEMENT EXECUTE FUNCTION "reply_moved_recount"();

-- The solved tickets of a range, and the reopened ones.
CREATE INDEX "Ticket_organizationId_solvedAt_idx" ON "Ticket"("organizationId", "solvedAt");
CREATE INDEX "Ticket_report_reopened_idx" ON "Ticket"("organizationId", "reopenedAt") WHERE "reopenedAt" IS NOT NULL;
