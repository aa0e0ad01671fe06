-- The session user carries the availability of an agent (the switch in the sidebar footer): every
-- server process forgets a cached user whose availability changed, as for the other fields a
-- session shows (see the session_user_changes migration).
-- The body is an E'' string with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE OR REPLACE FUNCTION "user_session_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
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
    OR NEW."availability" IS DISTINCT FROM OLD."availability"
    OR NEW."id" IS DISTINCT FROM OLD."id" THEN
    PERFORM pg_notify(''ticketry_users'', OLD."id")\073
  END IF\073
  RETURN NEW\073
END
';
