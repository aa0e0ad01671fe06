-- Nearly every ticket update writes a new row version into the search index (updatedAt is indexed,
-- so the update cannot stay on its page), and the index collects new entries in a pending list
-- that every search of every organisation reads through until it is merged. At the default 4 MB
-- (about 1,200 changed tickets) a rare word's search took 2.7 ms instead of 0.74 just before a
-- merge. At 256 kB it is at most 0.11 ms more, and writes pay a merge of 25-50 ms once in about
-- 75 (fastupdate off would cost every write 0.75 ms instead).
ALTER INDEX "Ticket_search_trgm_idx" SET (gin_pending_list_limit = 256);
