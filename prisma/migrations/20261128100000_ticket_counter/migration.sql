-- An organisation's last ticket number moves to a row of its own. Every new ticket's foreign keys
-- lock the organisation's row (FOR KEY SHARE), and every new ticket also updated that row to take
-- its number: PostgreSQL then carried the running tickets' locks from each version of the row to
-- the next (multixacts), so the more tickets a team filed at once, the more each one cost.
-- Organisations get their counter row with their first ticket.
CREATE TABLE "TicketCounter" (
    "organizationId" TEXT NOT NULL,
    "lastNumber" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TicketCounter_pkey" PRIMARY KEY ("organizationId")
);

ALTER TABLE "TicketCounter" ADD CONSTRAINT "TicketCounter_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "TicketCounter" ("organizationId", "lastNumber")
SELECT "id", "ticketCounter" FROM "Organization" WHERE "ticketCounter" > 0;

ALTER TABLE "Organization" DROP COLUMN "ticketCounter";
