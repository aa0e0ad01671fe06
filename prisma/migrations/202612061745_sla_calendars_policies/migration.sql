-- Business-hours calendars and SLA policies. (No apostrophe or semicolon in comments: the
-- migration runner reads them as the start of a string or the end of a statement.)

-- CreateTable
CREATE TABLE "BusinessCalendar" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "hours" JSONB NOT NULL,
    "holidays" JSONB NOT NULL DEFAULT '[]',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BusinessCalendar_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SlaPolicy" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "calendarId" TEXT NOT NULL,
    "conditions" JSONB NOT NULL,
    "targets" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SlaPolicy_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "BusinessCalendar_organizationId_nameKey_key" ON "BusinessCalendar"("organizationId", "nameKey");
-- Exactly one default per organisation: at most one here, at least one kept by the service.
CREATE UNIQUE INDEX "BusinessCalendar_default_key" ON "BusinessCalendar"("organizationId") WHERE "isDefault";
CREATE UNIQUE INDEX "SlaPolicy_organizationId_nameKey_key" ON "SlaPolicy"("organizationId", "nameKey");
CREATE INDEX "SlaPolicy_organizationId_position_idx" ON "SlaPolicy"("organizationId", "position");
CREATE INDEX "SlaPolicy_calendarId_idx" ON "SlaPolicy"("calendarId");

ALTER TABLE "BusinessCalendar" ADD CONSTRAINT "BusinessCalendar_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SlaPolicy" ADD CONSTRAINT "SlaPolicy_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SlaPolicy" ADD CONSTRAINT "SlaPolicy_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "BusinessCalendar"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every organisation starts with the 24/7 calendar as its default: a trigger, so that every
-- writer of an organisation (sign-up, the platform admin, seeds, tests) gives it one, and the
-- organisations already here get theirs below. The body is an E string with \073 for each
-- semicolon (see migration ticket_tag_index).
CREATE FUNCTION "organization_default_calendar"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "BusinessCalendar" ("id", "organizationId", "name", "nameKey", "timeZone", "hours", "isDefault", "updatedAt")
  VALUES (gen_random_uuid()::text, NEW."id", ''24/7'', ''24/7'', ''UTC'', (
    SELECT jsonb_object_agg(d, jsonb_build_array(jsonb_build_array(''00:00'', ''24:00'')))
    FROM unnest(ARRAY[''mon'', ''tue'', ''wed'', ''thu'', ''fri'', ''sat'', ''sun'']) AS d
  ), true, CURRENT_TIMESTAMP)\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Organization_default_calendar" AFTER INSERT ON "Organization" FOR EACH ROW
  EXECUTE FUNCTION "organization_default_calendar"();

INSERT INTO "BusinessCalendar" ("id", "organizationId", "name", "nameKey", "timeZone", "hours", "isDefault", "updatedAt")
SELECT gen_random_uuid()::text, o."id", '24/7', '24/7', 'UTC', (
    SELECT jsonb_object_agg(d, jsonb_build_array(jsonb_build_array('00:00', '24:00')))
    FROM unnest(ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) AS d
  ), true, CURRENT_TIMESTAMP
FROM "Organization" o;
