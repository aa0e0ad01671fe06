-- The new-ticket customer picker finds its candidates in the organisation's search index
-- ("Ticket_search_trgm_idx": the address and the name are part of "searchText"). These two indexes
-- served only the picker, held every organisation's tickets, and took new entries on nearly every
-- ticket write (updatedAt is indexed, so an update writes a new row version into each index).
DROP INDEX IF EXISTS "Ticket_customerEmail_trgm_idx";
DROP INDEX IF EXISTS "Ticket_customerName_trgm_idx";
