-- The customer panel beside a conversation lists the customer's latest tickets and counts
-- them: one range of this index per ticket opened, however large the organisation.
-- DropIndex
DROP INDEX "Ticket_organizationId_customerEmail_idx";

-- CreateIndex
CREATE INDEX "Ticket_organizationId_customerEmail_updatedAt_idx" ON "Ticket"("organizationId", "customerEmail", "updatedAt" DESC);
