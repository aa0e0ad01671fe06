-- ANALYZE of "Ticket", which autovacuum runs after every 2 % of the table changed (every 20,000
-- changes at a million tickets, so during any busy day), spent most of its time on statistics of
-- the search keys' expression: 4.1-5.8 s of CPU at a million tickets, against 1.7 s without
-- them. Nothing uses them. A search compares the rows' keys with its term's keys, which a subquery
-- computes from parameters, and the planner estimates such a comparison without statistics.
ALTER INDEX "Ticket_search_keys_idx" ALTER COLUMN 1 SET STATISTICS 0;
