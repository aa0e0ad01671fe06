-- The list filtered by a custom field (GET /api/tickets?field.order_number=1234) asks whether a
-- ticket's values contain the one asked for ("customFields" @> '{"order_number": "1234"}').
-- A GIN index with jsonb_path_ops answers containment for every field and type at once (one
-- index, not one per field an admin may add or delete), and with the organisation as its first
-- column (btree_gin) a filter reads only its own tenant's matches, as the search index does.
-- Only tickets holding a value are in it (most hold none), so the filter also says
-- "customFields" <> '{}' (lib/services/fields/list-filter.ts).
-- Partial indexes cannot be written in schema.prisma (the schema engine leaves them alone).
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "Ticket_customFields_idx" ON "Ticket" USING GIN ("organizationId", "customFields" jsonb_path_ops)
  WHERE "customFields" <> '{}'::jsonb;
