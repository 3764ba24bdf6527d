-- The first schema of zaochnik's store. Dates of play are civil dates as
-- YYYY-MM-DD text; instants (stored_at, attempts) are RFC 3339 UTC text.

CREATE TABLE tournaments (
	id        INTEGER PRIMARY KEY,
	cipher    TEXT NOT NULL UNIQUE,
	source    BLOB NOT NULL,          -- the tournament file as written (TOML)
	started   TEXT,                   -- date the start list went out (6.3.2), NULL before
	state     TEXT NOT NULL DEFAULT '{}', -- the referee's tournament-wide state (JSON: breaks)
	created   TEXT NOT NULL
);

CREATE TABLE players (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	number    INTEGER NOT NULL,
	name      TEXT NOT NULL,
	email     TEXT NOT NULL,
	language  TEXT NOT NULL,
	PRIMARY KEY (tournament_id, number)
);

CREATE TABLE games (
	id        INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	code      TEXT NOT NULL UNIQUE,
	white     INTEGER NOT NULL,
	black     INTEGER NOT NULL,
	status    TEXT NOT NULL,          -- playing | suspended | finished | unfinished
	result    TEXT NOT NULL,          -- PDN result token, '*' while playing
	state     TEXT NOT NULL,          -- the referee's game state (JSON)
	FOREIGN KEY (tournament_id, white) REFERENCES players(tournament_id, number),
	FOREIGN KEY (tournament_id, black) REFERENCES players(tournament_id, number)
);

-- Every letter received, raw bytes unchanged (6.1.13: the correspondence is kept).
CREATE TABLE letters (
	id          INTEGER PRIMARY KEY,
	message_id  TEXT NOT NULL UNIQUE,
	mailbox     TEXT,                 -- NULL (with the UIDs) for letters not read over IMAP
	uidvalidity INTEGER,
	uid         INTEGER,
	raw         BLOB NOT NULL,
	sha256      TEXT NOT NULL,
	postmark    TEXT NOT NULL,        -- instant the server received it (RFC 3339)
	from_addr   TEXT NOT NULL,
	tournament_id INTEGER REFERENCES tournaments(id),
	game_id     INTEGER REFERENCES games(id),
	disposition TEXT NOT NULL DEFAULT 'pending', -- pending | processed | refused | ignored
	reason      TEXT NOT NULL DEFAULT '',
	problems    TEXT NOT NULL DEFAULT '[]', -- JSON [{kind, clause, text}] found when it was applied
	stored_at   TEXT NOT NULL,
	UNIQUE (mailbox, uidvalidity, uid)
);

-- The IMAP watermark per mailbox, advanced in the same transaction as the letter.
CREATE TABLE watermarks (
	mailbox     TEXT PRIMARY KEY,
	uidvalidity INTEGER NOT NULL,
	last_uid    INTEGER NOT NULL
);

CREATE TABLE events (
	id        INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	game_id   INTEGER REFERENCES games(id),
	letter_id INTEGER REFERENCES letters(id),
	date      TEXT NOT NULL,          -- civil date of play on which it happened
	kind      TEXT NOT NULL,
	clause    TEXT NOT NULL DEFAULT '',
	detail    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX events_game ON events(game_id);

-- Ledger lines of each game as last computed (график времени, 6.3.6).
CREATE TABLE ledger_lines (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	seq       INTEGER NOT NULL,
	player    TEXT NOT NULL,
	received  TEXT NOT NULL,
	sent      TEXT NOT NULL,
	days      INTEGER NOT NULL,
	total     INTEGER NOT NULL,
	counted_moves INTEGER NOT NULL,
	notes     TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, seq)
);

-- Letters the server sends, after mox's queue: the attempt is recorded before
-- sending, so a crash never causes a hot retry loop.
CREATE TABLE outbox (
	id           INTEGER PRIMARY KEY,
	message_id   TEXT NOT NULL UNIQUE,   -- fixed when queued
	tournament_id INTEGER REFERENCES tournaments(id),
	game_id      INTEGER REFERENCES games(id),
	letter_id    INTEGER REFERENCES letters(id),  -- the letter that caused it, if any
	to_addr      TEXT NOT NULL,
	kind         TEXT NOT NULL,
	subject      TEXT NOT NULL,
	body         TEXT NOT NULL,
	in_reply_to  TEXT NOT NULL DEFAULT '',
	attach       TEXT NOT NULL DEFAULT '',    -- Message-IDs of stored letters to attach whole (a dossier), space-separated
	queued       TEXT NOT NULL,
	attempts     INTEGER NOT NULL DEFAULT 0,
	next_attempt TEXT NOT NULL,
	last_attempt TEXT NOT NULL DEFAULT '',
	last_error   TEXT NOT NULL DEFAULT '',
	hold         INTEGER NOT NULL DEFAULT 0,  -- held back (a claimant's reply during a claim)
	dead         INTEGER NOT NULL DEFAULT 0,  -- permanently failed
	sent         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox(sent, dead, hold, next_attempt);

-- Overstep claims as filed by the referee (a projection of the game state,
-- written in the same transaction), for the judge's list.
CREATE TABLE claims (
	id        INTEGER PRIMARY KEY,
	game_id   INTEGER NOT NULL REFERENCES games(id),
	seq       INTEGER NOT NULL,       -- the claim's number within its game
	claimant  INTEGER NOT NULL,       -- start number, 0 when the server claimed for a silent player
	against   INTEGER NOT NULL,
	filed     TEXT NOT NULL,
	status    TEXT NOT NULL,          -- pending | confirmed | rejected
	dossier   TEXT NOT NULL,          -- JSON: raw letter ids, record with the held reply, ledger
	note      TEXT NOT NULL DEFAULT '',
	ruled     TEXT NOT NULL DEFAULT '',
	UNIQUE (game_id, seq)
);

CREATE TABLE deadlines (
	id        INTEGER PRIMARY KEY,
	game_id   INTEGER NOT NULL REFERENCES games(id),
	kind      TEXT NOT NULL,
	due       TEXT NOT NULL,
	done      INTEGER NOT NULL DEFAULT 0
);

-- The virtual or real date up to which the daily checks have run.
CREATE TABLE clock (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
	checked   TEXT NOT NULL
);
