-- Session user cache (lib/auth/session-user-cache.ts). Every server process keeps the signed-in
-- users it has seen, and this trigger tells all of them, through the LISTEN connection each already
-- holds, the moment a change that matters to a session commits: logout, password change or
-- reset, deactivation, role change, a move to another organisation, a new email, name, username
-- or avatar, or the account's deletion. The payload is the user's id only. Kept as a trigger so
-- every writer (services, scripts, cascades from a deleted organisation) is covered.
-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "user_session_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM pg_notify(''ticketry_users'', OLD."id")\073
    RETURN OLD\073
  END IF\073
  IF NEW."sessionVersion" IS DISTINCT FROM OLD."sessionVersion"
    OR NEW."isActive" IS DISTINCT FROM OLD."isActive"
    OR NEW."role" IS DISTINCT FROM OLD."role"
    OR NEW."organizationId" IS DISTINCT FROM OLD."organizationId"
    OR NEW."email" IS DISTINCT FROM OLD."email"
    OR NEW."fullName" IS DISTINCT FROM OLD."fullName"
    OR NEW."username" IS DISTINCT FROM OLD."username"
    OR NEW."avatar" IS DISTINCT FROM OLD."avatar"
    OR NEW."id" IS DISTINCT FROM OLD."id" THEN
    PERFORM pg_notify(''ticketry_users'', OLD."id")\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER "User_session_announce" AFTER UPDATE OR DELETE ON "User" FOR EACH ROW EXECUTE FUNCTION "user_session_announce"();
