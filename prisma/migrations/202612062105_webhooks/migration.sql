-- Webhook endpoints an admin subscribes and the deliveries sent to them. (No apostrophe or
-- semicolon in comments: the migration runner reads them as the start of a string or the end
-- of a statement.)

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('queued', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "secret" TEXT NOT NULL,
    "previousSecret" TEXT,
    "previousSecretUntil" TIMESTAMP(3),
    "failingSince" TIMESTAMP(3),
    "failureCount" INTEGER NOT NULL DEFAULT 0,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "ticketId" TEXT,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "durationMs" INTEGER,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "WebhookEndpoint_organizationId_createdAt_idx" ON "WebhookEndpoint"("organizationId", "createdAt");
CREATE INDEX "WebhookDelivery_endpointId_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "createdAt" DESC, "id" DESC);
CREATE INDEX "WebhookDelivery_ticketId_idx" ON "WebhookDelivery"("ticketId");

ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "Ticket"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every server process keeps its organisations active endpoints in memory
-- (lib/services/webhooks/subscribers.ts), so a ticket change reads none: a change of an endpoint
-- is announced on the channel the automation rules use (plan changes already are), with the
-- organisation id as payload. The body is an E string with \073 for each semicolon (see
-- migration automation_changes).
CREATE FUNCTION "webhook_endpoint_announce"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' THEN
    PERFORM pg_notify(''ticketry_rules'', OLD."organizationId")\073
    RETURN OLD\073
  END IF\073
  PERFORM pg_notify(''ticketry_rules'', NEW."organizationId")\073
  RETURN NEW\073
END
';

CREATE TRIGGER "WebhookEndpoint_announce" AFTER INSERT OR DELETE OR UPDATE OF "active", "events", "organizationId" ON "WebhookEndpoint" FOR EACH ROW EXECUTE FUNCTION "webhook_endpoint_announce"();
