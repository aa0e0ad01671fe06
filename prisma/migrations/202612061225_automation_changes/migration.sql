-- Active automation rules cache (lib/services/automations/active-rules.ts). Every server process
-- keeps the rules it has read per organisation and event, and these triggers tell all of them,
-- through the LISTEN connection each already holds, the moment a rule is created, changed or
-- deleted, or the organisation's plan changes (the plan decides whether its rules run). The
-- payload is the organisation's id. Triggers, so every writer (services, scripts, the seed, a
-- deleted organisation's cascade) is covered.
-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "automation_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM pg_notify(''ticketry_rules'', OLD."organizationId")\073
    RETURN OLD\073
  END IF\073
  PERFORM pg_notify(''ticketry_rules'', NEW."organizationId")\073
  IF TG_OP = ''UPDATE'' AND OLD."organizationId" IS DISTINCT FROM NEW."organizationId" THEN
    PERFORM pg_notify(''ticketry_rules'', OLD."organizationId")\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER "Automation_announce" AFTER INSERT OR UPDATE OR DELETE ON "Automation" FOR EACH ROW EXECUTE FUNCTION "automation_announce"();

CREATE FUNCTION "organization_plan_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF NEW."plan" IS DISTINCT FROM OLD."plan" THEN
    PERFORM pg_notify(''ticketry_rules'', NEW."id")\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER "Organization_plan_announce" AFTER UPDATE OF "plan" ON "Organization" FOR EACH ROW EXECUTE FUNCTION "organization_plan_announce"();
