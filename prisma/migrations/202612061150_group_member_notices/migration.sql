-- A change of a group's members moves the "My Groups" count of the people joining or leaving,
-- with no ticket changing. Each process keeps its organisations' counts (and who is in which
-- group) in memory only while it hears every change that could move them, so members added or
-- removed announce themselves like deleted tickets: once per organisation and statement, with
-- the notice that only makes a process count again (the live streams ignore it). Members removed
-- with their group need none: the group's tickets were ungrouped first, which announced itself.
-- The bodies are E'' strings with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "group_member_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''ticketry_events'', json_build_object(''k'', ''removed'', ''o'', o)::text)
    FROM (SELECT DISTINCT g."organizationId" AS o FROM changed c JOIN "Group" g ON g."id" = c."groupId") AS organizations\073
  RETURN NULL\073
END
';

CREATE TRIGGER "GroupMember_announce_added" AFTER INSERT ON "GroupMember" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "group_member_announce"();

CREATE TRIGGER "GroupMember_announce_removed" AFTER DELETE ON "GroupMember" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "group_member_announce"();
