-- AlterTable
ALTER TABLE "Ticket" ADD COLUMN     "raisedByCustomer" BOOLEAN NOT NULL DEFAULT false;

-- Tickets already raised by customers: portal tickets (created by a customer, per their audit
-- event) and end users' own.
UPDATE "Ticket" t SET "raisedByCustomer" = true
WHERE EXISTS (SELECT 1 FROM "AuditEvent" e WHERE e."ticketId" = t."id" AND e."action" = 'ticket.created' AND e."actorType" = 'customer')
   OR EXISTS (SELECT 1 FROM "User" u WHERE u."id" = t."createdById" AND u."role" = 'end_user');
