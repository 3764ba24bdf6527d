-- Who wrote a letter: how each letter's sender was authenticated, letters
-- held until their sender confirms them, and the server's own secrets.

-- How the sender was authenticated (corr.Auth… method: key, dmarc, dkim,
-- spf, confirmed, desk, none), '' for letters stored before this version.
ALTER TABLE letters ADD COLUMN auth TEXT NOT NULL DEFAULT '';

-- The held letter a confirmation request asks about (NULL for others):
-- its reply key is made for that letter alone.
ALTER TABLE outbox ADD COLUMN confirms INTEGER REFERENCES letters(id);

-- A letter that would change a game but that nothing authenticated waits
-- here for its sender's confirmation (or refusal, or the end of hold_days).
CREATE TABLE holds (
	letter_id     INTEGER PRIMARY KEY REFERENCES letters(id),
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	person        TEXT NOT NULL,          -- the registered address asked to confirm
	subject       TEXT NOT NULL,          -- the letter as the mail shell decoded it,
	body          TEXT NOT NULL,          -- applied as it was if confirmed
	refs          TEXT NOT NULL DEFAULT '', -- In-Reply-To and References, space-separated
	why           TEXT NOT NULL,          -- why it was held
	arrived       TEXT NOT NULL,          -- date of play it arrived (YYYY-MM-DD)
	asked         TEXT NOT NULL DEFAULT '', -- date the confirmation request was queued, '' not yet
	status        TEXT NOT NULL DEFAULT 'held' -- held | confirmed | declined | expired
);
CREATE INDEX holds_person ON holds(person, status);

-- Secrets made by the server itself (the reply-key secret), random bytes
-- from crypto/rand, made on first use and kept with the store's backups.
CREATE TABLE secrets (
	name  TEXT PRIMARY KEY,
	value BLOB NOT NULL
);
