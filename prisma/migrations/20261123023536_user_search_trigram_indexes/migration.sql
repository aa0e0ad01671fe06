-- User Management search: case-insensitive substring (ILIKE) of name or email through trigram
-- indexes, so a rare term does not scan every member of a large organisation.
-- CreateIndex
CREATE INDEX "User_fullName_trgm_idx" ON "User" USING GIN ("fullName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);
