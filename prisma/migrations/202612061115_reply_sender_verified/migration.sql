-- A mail that joined its ticket only by the number in its subject, from a sender whose domain did
-- not vouch for it, is kept but marked "Sender not verified". Every message written before was
-- taken as its sender's, so the column defaults to true (a constant default: no table rewrite).
ALTER TABLE "Reply" ADD COLUMN "senderVerified" BOOLEAN NOT NULL DEFAULT true;
