-- Issue 12 (hardening). An outgoing letter's attempt in flight: set when
-- the attempt begins, cleared when its outcome is recorded, so that a
-- letter is handed to SMTP at most once (a letter found in flight at start
-- may have gone out and is not sent again; the secretary is told).
ALTER TABLE outbox ADD COLUMN sending TEXT NOT NULL DEFAULT '';

-- The web desk's logged-in sessions (web.StoredSession): kept server-side so
-- that a logout, a new password or a removed account ends them at once.
CREATE TABLE sessions (
	id        TEXT PRIMARY KEY,       -- SHA-256 (hex) of the cookie's 256-bit random id
	account   TEXT NOT NULL,
	role      TEXT NOT NULL,
	key       TEXT NOT NULL,          -- fingerprint of the account's password hash at the login
	remote    TEXT NOT NULL DEFAULT '', -- the address of the login
	created   TEXT NOT NULL,          -- RFC 3339 UTC
	last_seen TEXT NOT NULL,
	expires   TEXT NOT NULL
);
CREATE INDEX sessions_account ON sessions(account);
