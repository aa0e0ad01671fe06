-- A macro may add tags to the ticket when its reply is sent (names, created on first use).
ALTER TABLE "Macro" ADD COLUMN "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];
