-- Every search that goes through one of these indexes reads its whole list of unmerged entries,
-- and at a million tickets that list stays near its cap: autovacuum, which would merge it, visits
-- a table that large only after 50,000 changes. At 256 kB a rare term's lookup read 20 pending
-- pages to find its 2-10 tickets (24 buffers and 0.09-0.18 ms, against 4 buffers and 0.03 ms with
-- the list merged), one reason rare searches were slower at a million tickets than at ten
-- thousand, where autovacuum merges the list every few hundred changes. At 64 kB the list costs
-- a quarter of that, and writes merge four times as often, a quarter as much each time.
ALTER INDEX "Ticket_search_keys_idx" SET (gin_pending_list_limit = 64);
ALTER INDEX "Ticket_search_trgm_idx" SET (gin_pending_list_limit = 64);
ALTER INDEX "Ticket_subject_trgm_idx" SET (gin_pending_list_limit = 64);
