-- Deleting a user, a ticket or an organisation makes PostgreSQL look up every row pointing at it
-- (to cascade or set null), and without an index led by the pointing column each lookup read the whole
-- table. tests/integration/db/foreign-key-indexes.test.ts keeps every foreign key covered.
-- CreateIndex
CREATE INDEX "AuditEvent_ticketId_idx" ON "AuditEvent"("ticketId");

-- CreateIndex
CREATE INDEX "AuditEvent_actorId_idx" ON "AuditEvent"("actorId");

-- CreateIndex
CREATE INDEX "EmailChangeToken_userId_idx" ON "EmailChangeToken"("userId");

-- CreateIndex
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

-- CreateIndex
CREATE INDEX "Reply_ticketId_idx" ON "Reply"("ticketId");

-- CreateIndex
CREATE INDEX "Reply_authorId_idx" ON "Reply"("authorId");

-- CreateIndex
CREATE INDEX "TeamInvite_invitedById_idx" ON "TeamInvite"("invitedById");

-- CreateIndex
CREATE INDEX "Ticket_assignedToId_idx" ON "Ticket"("assignedToId");

-- CreateIndex
CREATE INDEX "Ticket_createdById_idx" ON "Ticket"("createdById");
