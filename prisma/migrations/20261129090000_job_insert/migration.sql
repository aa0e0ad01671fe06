-- Adds a job without a key to the job queue (graphile-worker's tables), for the jobs every new
-- ticket, reply and mail adds. The queue's own add_job takes a path written for keyed jobs and
-- batches: it plans an update of jobs with the same key on every call, 0.3-0.4 ms of the
-- database a job, where this insert takes 0.06 ms. What it writes is what add_job writes for a
-- job without key, queue or flags: the job's row and the nudge its workers listen for (with a
-- random part, as add_job's, so several jobs in one transaction are not merged into one nudge).
-- Until a kind's first job the queue has no row for it: that job goes through add_job, which
-- adds the row. Written in PL/pgSQL so that it is checked when called, not here: the queue's
-- schema is installed after these migrations.
-- The body is an E'' string with \073 for each semicolon: the migration runner splits scripts on
-- every semicolon, dollar quotes included.
CREATE FUNCTION "ticketry_add_job"(kind text, payload json, run_at timestamptz, max_attempts int)
RETURNS void LANGUAGE plpgsql AS E'
DECLARE
  task integer\073
BEGIN
  SELECT t.id INTO task FROM graphile_worker._private_tasks t WHERE t.identifier = kind\073
  IF task IS NULL THEN
    PERFORM graphile_worker.add_job(kind, payload, run_at => run_at, max_attempts => max_attempts)\073
    RETURN\073
  END IF\073
  INSERT INTO graphile_worker._private_jobs (task_id, payload, run_at, max_attempts)
  VALUES (task, coalesce(payload, ''{}''::json), coalesce(run_at, now()), coalesce(max_attempts, 25))\073
  PERFORM pg_notify(''jobs:insert'', ''{"r":'' || random()::text || '',"count":1}'')\073
END
';
