-- Issue 13 (the group's commit). The rows a letter appends, written when
-- its group commits (storage/grouprows.go), cost fewer b-tree steps:
-- - outbox, outbox_files, events and ledger_lines lose their REFERENCES.
--   The store writes these rows itself, with the ids it has just read or
--   written in the same transaction, and never deletes a parent row (a
--   tournament, a game, a letter, an outgoing letter); the checks cost a
--   cursor opened on each parent for every row, about four lookups an
--   outgoing letter (0008 left outbox_flight without them for the same
--   reason).
-- - events_game goes: nothing reads the events by game.
-- - ledger_lines is a WITHOUT ROWID table: its rows are found and replaced
--   by (game_id, seq), its key, so one b-tree instead of a table and an
--   index beside it.
-- Each table is copied aside, made anew and filled again, ids kept (no
-- ALTER TABLE RENAME: it parses the whole schema again, several times the
-- cost of a new store's other migrations); outbox_files first, so that no
-- table refers to outbox when it is dropped.

CREATE TABLE outbox_files_old AS SELECT * FROM outbox_files;
DROP TABLE outbox_files;
CREATE TABLE outbox_files (
	outbox_id    INTEGER NOT NULL,   -- outbox(id)
	seq          INTEGER NOT NULL,
	name         TEXT NOT NULL,
	content_type TEXT NOT NULL,
	data         BLOB NOT NULL,
	PRIMARY KEY (outbox_id, seq)
);
INSERT INTO outbox_files (outbox_id, seq, name, content_type, data)
	SELECT outbox_id, seq, name, content_type, data FROM outbox_files_old;
DROP TABLE outbox_files_old;

CREATE TABLE outbox_old AS SELECT * FROM outbox;
DROP TABLE outbox;
CREATE TABLE outbox (
	id           INTEGER PRIMARY KEY,
	message_id   TEXT NOT NULL UNIQUE,   -- fixed when queued
	tournament_id INTEGER,               -- tournaments(id)
	game_id      INTEGER,                -- games(id)
	letter_id    INTEGER,                -- letters(id): the letter that caused it, if any
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
	sent         TEXT NOT NULL DEFAULT '',
	confirms     INTEGER                      -- letters(id): the held letter a confirmation request asks about
);
INSERT INTO outbox (id, message_id, tournament_id, game_id, letter_id, to_addr, kind, subject, body,
		in_reply_to, attach, queued, attempts, next_attempt, last_attempt, last_error, hold, dead, sent, confirms)
	SELECT id, message_id, tournament_id, game_id, letter_id, to_addr, kind, subject, body,
		in_reply_to, attach, queued, attempts, next_attempt, last_attempt, last_error, hold, dead, sent, confirms FROM outbox_old;
DROP TABLE outbox_old;
CREATE INDEX outbox_due ON outbox(sent, dead, hold, next_attempt);

CREATE TABLE events_old AS SELECT * FROM events;
DROP TABLE events;
CREATE TABLE events (
	id        INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL,   -- tournaments(id)
	game_id   INTEGER,                -- games(id)
	letter_id INTEGER,                -- letters(id)
	date      TEXT NOT NULL,          -- civil date of play on which it happened
	kind      TEXT NOT NULL,
	clause    TEXT NOT NULL DEFAULT '',
	detail    TEXT NOT NULL DEFAULT ''
);
INSERT INTO events (id, tournament_id, game_id, letter_id, date, kind, clause, detail)
	SELECT id, tournament_id, game_id, letter_id, date, kind, clause, detail FROM events_old;
DROP TABLE events_old;

CREATE TABLE ledger_lines_old AS SELECT * FROM ledger_lines;
DROP TABLE ledger_lines;
CREATE TABLE ledger_lines (
	game_id   INTEGER NOT NULL,   -- games(id)
	seq       INTEGER NOT NULL,
	player    TEXT NOT NULL,
	received  TEXT NOT NULL,
	sent      TEXT NOT NULL,
	days      INTEGER NOT NULL,
	total     INTEGER NOT NULL,
	counted_moves INTEGER NOT NULL,
	notes     TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
	SELECT game_id, seq, player, received, sent, days, total, counted_moves, notes FROM ledger_lines_old;
DROP TABLE ledger_lines_old;
