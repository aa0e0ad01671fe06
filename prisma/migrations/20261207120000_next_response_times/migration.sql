-- Next response times for the reports (docs/design/reports.md): each customer message that came
-- after a public reply by the team (the first of them while unanswered) and the team public reply
-- that answered it, written by the reply trigger in the reply own transaction, so a report reads a
-- range of answers and never the replies. The same cycles as the SLA next-response target
-- (lib/sla/ticket-clock.ts responseCycles): public messages only, a mail whose sender was not
-- verified starts none. (No apostrophe or semicolon in comments: the migration runner reads them
-- as the start of a string or the end of a statement. Bodies are E strings with \073 for each
-- semicolon.)
ALTER TABLE "Ticket" ADD COLUMN "customerWaitingSince" TIMESTAMP(3);

CREATE TABLE "TicketNextResponse" (
    "ticketId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "askedAt" TIMESTAMP(3) NOT NULL,
    "answeredAt" TIMESTAMP(3) NOT NULL,
    "minutes" INTEGER NOT NULL,
    "businessMinutes" INTEGER NOT NULL,

    CONSTRAINT "TicketNextResponse_pkey" PRIMARY KEY ("ticketId","askedAt")
);

CREATE INDEX "TicketNextResponse_organizationId_answeredAt_idx" ON "TicketNextResponse"("organizationId", "answeredAt");

ALTER TABLE "TicketNextResponse" ADD CONSTRAINT "TicketNextResponse_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing conversations, in one pass over the public replies: each reply numbered by the team
-- replies up to it, the customer messages after the team k-th reply asked once (at the first of
-- them), answered by the team reply number k + 1. The new table is read by nobody yet, and the
-- tickets written are only those still waiting for an answer, so no batch is needed.
WITH numbered AS (
  SELECT r."ticketId", r."organizationId", r."createdAt", r."authorType" = 'agent' AS team,
    count(*) FILTER (WHERE r."authorType" = 'agent') OVER (PARTITION BY r."ticketId" ORDER BY r."createdAt", r."id") AS k
  FROM "Reply" r WHERE r."type" = 'public' AND r."senderVerified"
), asked AS (
  SELECT "ticketId", "organizationId", k, min("createdAt") AS at FROM numbered WHERE NOT team AND k > 0
  GROUP BY "ticketId", "organizationId", k
), pairs AS (
  SELECT a."ticketId", a."organizationId", a.at AS asked, b."createdAt" AS answered
  FROM asked a LEFT JOIN numbered b ON b."ticketId" = a."ticketId" AND b.team AND b.k = a.k + 1
), answered AS (
  INSERT INTO "TicketNextResponse" ("ticketId", "organizationId", "askedAt", "answeredAt", "minutes", "businessMinutes")
  SELECT p."ticketId", p."organizationId", p.asked, p.answered,
    GREATEST(0, round(extract(epoch FROM p.answered - p.asked) / 60)),
    "ticket_business_minutes"(t."organizationId", t."slaPolicyId", p.asked, p.answered)
  FROM pairs p JOIN "Ticket" t ON t."id" = p."ticketId"
  WHERE p.answered IS NOT NULL
  ON CONFLICT DO NOTHING
)
UPDATE "Ticket" t SET "customerWaitingSince" = p.asked
FROM pairs p WHERE p."ticketId" = t."id" AND p.answered IS NULL;

-- The reply trigger already touches the ticket for every new reply or note (report_measures):
-- a verified public message from the customer after the team has replied starts the wait (the
-- first such message while unanswered), and the team next public reply answers it: the pair is
-- written, with its minutes around the clock and in the ticket business hours, in that same
-- transaction. A reply backdated before the wait began answers nothing.
CREATE OR REPLACE FUNCTION "reply_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  customer text\073
  team boolean := NEW."type" = ''public'' AND NEW."authorType" = ''agent''\073
  asks boolean := NEW."type" = ''public'' AND NEW."authorType" = ''customer'' AND NEW."senderVerified"\073
BEGIN
  IF team THEN
    INSERT INTO "TicketNextResponse" ("ticketId", "organizationId", "askedAt", "answeredAt", "minutes", "businessMinutes")
      SELECT t."id", t."organizationId", t."customerWaitingSince", NEW."createdAt",
        GREATEST(0, round(extract(epoch FROM NEW."createdAt" - t."customerWaitingSince") / 60)),
        "ticket_business_minutes"(t."organizationId", t."slaPolicyId", t."customerWaitingSince", NEW."createdAt")
      FROM "Ticket" t WHERE t."id" = NEW."ticketId" AND t."customerWaitingSince" <= NEW."createdAt"
      ON CONFLICT DO NOTHING\073
  END IF\073
  UPDATE "Ticket" SET "fieldVersions" = "fieldVersions" || jsonb_build_object(''reply'', "version" + 1),
    "teamRepliedAt" = CASE WHEN team THEN GREATEST("teamRepliedAt", NEW."createdAt") ELSE "teamRepliedAt" END,
    "agentReplies" = "agentReplies" + CASE WHEN team THEN 1 ELSE 0 END,
    "firstRespondedAt" = CASE WHEN team AND ("firstRespondedAt" IS NULL OR "firstRespondedAt" > NEW."createdAt")
      THEN NEW."createdAt" ELSE "firstRespondedAt" END,
    "customerWaitingSince" = CASE
      WHEN team AND "customerWaitingSince" <= NEW."createdAt" THEN NULL
      WHEN asks AND "firstRespondedAt" IS NOT NULL THEN COALESCE("customerWaitingSince", NEW."createdAt")
      ELSE "customerWaitingSince" END
    WHERE "id" = NEW."ticketId" RETURNING "customerEmail" INTO customer\073
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''reply'', ''o'', NEW."organizationId", ''t'', NEW."ticketId",
    ''r'', NEW."id", ''i'', NEW."type" = ''internal'', ''c'', left(md5(lower(customer)), 16))::text)\073
  RETURN NULL\073
END
';
