-- The organisation's mail signature: plain text that closes every reply and status mail its
-- customers receive. Empty means none. The length is the same limit the API enforces, kept here
-- too so no other writer can store more.
ALTER TABLE "Organization" ADD COLUMN "mailSignature" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_mailSignature_length" CHECK (char_length("mailSignature") <= 1000);
