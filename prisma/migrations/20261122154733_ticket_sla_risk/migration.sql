-- DropIndex
DROP INDEX "Ticket_organizationId_resolutionDueAt_idx";

-- AlterTable: added nullable, filled from the due times (targets of lib/sla.ts, a quarter
-- of each left), then required.
ALTER TABLE "Ticket" ADD COLUMN     "slaRiskAt" TIMESTAMP(3);

UPDATE "Ticket" SET "slaRiskAt" = LEAST(
  "resolutionDueAt" - (CASE "priority" WHEN 'urgent' THEN interval '4 hours' WHEN 'high' THEN interval '24 hours' WHEN 'medium' THEN interval '48 hours' ELSE interval '96 hours' END) * 0.25,
  CASE WHEN "firstRespondedAt" IS NULL THEN
    "firstResponseDueAt" - (CASE "priority" WHEN 'urgent' THEN interval '1 hour' WHEN 'high' THEN interval '4 hours' WHEN 'medium' THEN interval '8 hours' ELSE interval '24 hours' END) * 0.25
  END
);

ALTER TABLE "Ticket" ALTER COLUMN "slaRiskAt" SET NOT NULL;

-- CreateIndex
CREATE INDEX "Ticket_organizationId_status_slaRiskAt_idx" ON "Ticket"("organizationId", "status", "slaRiskAt");
