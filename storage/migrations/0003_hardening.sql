-- Issue 12 (hardening). An outgoing letter's attempt in flight: set when
-- the attempt begins, cleared when its outcome is recorded, so that a
-- letter is handed to SMTP at most once (a letter found in flight at start
-- may have gone out and is not sent again; the secretary is told).
ALTER TABLE outbox ADD COLUMN sending TEXT NOT NULL DEFAULT '';
