-- Deleted tickets announce themselves too, once per organisation and statement (an organisation
-- removed with all its tickets is one notice, not one per ticket), and an emptied table once:
-- each process keeps its organisations' queue counts in memory only while it hears every change
-- that could move them (lib/services/queue-counts.ts). The live streams ignore these notices.
-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticket_announce_removed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''removed'', ''o'', o)::text)
    FROM (SELECT DISTINCT "organizationId" AS o FROM removed) AS organizations\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_announce_removed" AFTER DELETE ON "Ticket" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_announce_removed"();

CREATE FUNCTION "ticket_announce_emptied"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''ticketry_events'', ''{"k":"removed"}'')\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Ticket_announce_emptied" AFTER TRUNCATE ON "Ticket"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_announce_emptied"();
