-- AlterTable
ALTER TABLE "Ticket" ADD COLUMN     "customerRepliedLast" BOOLEAN NOT NULL DEFAULT false;

-- Existing tickets: whether the customer wrote the last public message.
UPDATE "Ticket" t SET "customerRepliedLast" = true
FROM (
  SELECT DISTINCT ON ("ticketId") "ticketId", "authorType"
  FROM "Reply" WHERE "type" = 'public'
  ORDER BY "ticketId", "createdAt" DESC, "id" DESC
) last
WHERE last."ticketId" = t."id" AND last."authorType" = 'customer';
