-- Known API tokens cache (lib/services/api-tokens/token-cache.ts). Every server process keeps the
-- live tokens it has let in, by secret hash, and this trigger tells all of them, through the
-- LISTEN connection each already holds, the moment a token is revoked, changed or deleted (a
-- deleted organisation cascades here too). Its last use is left out: it is noted once a minute and
-- changes nothing a call needs. Plan changes are announced on the rules channel already.
-- The body is an E string with \073 for each semicolon (see migration automation_changes).
CREATE FUNCTION "api_token_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''ticketry_tokens'', ''t:'' || OLD."secretHash")\073
  IF TG_OP = ''DELETE'' THEN
    RETURN OLD\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER "ApiToken_announce" AFTER DELETE OR UPDATE OF "revokedAt", "expiresAt", "scopes", "name", "organizationId", "secretHash" ON "ApiToken" FOR EACH ROW EXECUTE FUNCTION "api_token_announce"();
