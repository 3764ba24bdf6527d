-- Issue 13 (the sender's claims). A letter in flight is a row of this small
-- table, not a mark in its outbox row: a claim writes a row here (one page
-- for a whole batch) and the letter's own row, its text with it, is written
-- once, when its outcome is recorded (the attempt counted then, its start
-- taken from here). A letter with a row here is never offered again, so it
-- reaches SMTP at most once; a row left by a crash makes the letter
-- uncertain at the next start (storage.DB.SettleInFlight). From now on a
-- delivered letter's last_attempt is left as it was (sent says when it
-- went): it tells when the last attempt that did not deliver it began.
CREATE TABLE outbox_flight (
	outbox_id    INTEGER PRIMARY KEY,   -- outbox(id); no REFERENCES: outbox rows are never deleted, and the check cost every claim
	since        TEXT NOT NULL,  -- the attempt began (RFC 3339 UTC): the letter's last_attempt when it is tried again (a dead letter's is its outcome's time)
	next_attempt TEXT NOT NULL   -- when it is tried again unless its outcome says otherwise (shown while in flight)
);

-- The letters an older version left in flight (outbox.sending) stay in
-- flight; their attempt, counted at the claim then, is counted again when
-- their outcome is recorded, so it is taken back here.
INSERT INTO outbox_flight (outbox_id, since, next_attempt)
	SELECT id, sending, next_attempt FROM outbox WHERE sending <> '' AND sent = '' AND dead = 0;
UPDATE outbox SET attempts = attempts - 1 WHERE sending <> '' AND sent = '' AND dead = 0;
ALTER TABLE outbox DROP COLUMN sending;
