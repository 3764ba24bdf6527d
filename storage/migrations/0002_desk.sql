-- The judge's and the secretary's desk (adjudication.Desk as JSON) per
-- tournament, the clause of each deadline, and the documents (diagram, PDN)
-- attached to outgoing letters.

CREATE TABLE desks (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
	state     TEXT NOT NULL DEFAULT '{}'
);

ALTER TABLE deadlines ADD COLUMN clause TEXT NOT NULL DEFAULT '';

CREATE TABLE outbox_files (
	outbox_id    INTEGER NOT NULL REFERENCES outbox(id),
	seq          INTEGER NOT NULL,
	name         TEXT NOT NULL,
	content_type TEXT NOT NULL,
	data         BLOB NOT NULL,
	PRIMARY KEY (outbox_id, seq)
);
