-- The judge's desk as rows. An overstep claim (corr.Claim, the one claim
-- aggregate) is one row of claims with its figures, its protest window
-- (6.3.8) and its appeal (6.1.12): no copy in games.state, none in
-- desks.state. The unfinished games before the judge (6.5.2-6.5.7) are rows
-- of adjournments, the protests against their adjudication (6.5.6) rows of
-- adjudication_protests. The judge's rulings are rows too: withdrawals
-- (6.5.3), sanctions (6.1.9-6.1.10), forfeits (6.5.3) and the organiser's
-- address on the desks row, written when the judge changes them; desks.state
-- is left '{}'. The rows of a store made before this version are
-- filled from its JSON when it is opened (storage/desk_upgrade.go), which
-- reads claims.dossier, the claim's old JSON copy, once and leaves it empty.

ALTER TABLE claims ADD COLUMN by_hand INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN silent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN limit_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN move INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN letters TEXT NOT NULL DEFAULT '';        -- the dossier's Message-IDs, space-separated
ALTER TABLE claims ADD COLUMN protest_due TEXT NOT NULL DEFAULT '';    -- '' only in a row not yet upgraded
ALTER TABLE claims ADD COLUMN protested TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN protest_late TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN protest_text TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN admitted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN appeal_due TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN appeal_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN appeal_filed TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN appeal_late INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN appeal_text TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN appeal_final INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN appeal_decided TEXT NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN appeal_upheld INTEGER NOT NULL DEFAULT 0;
ALTER TABLE claims ADD COLUMN appeal_note TEXT NOT NULL DEFAULT '';

CREATE TABLE adjournments (
	game_id        INTEGER PRIMARY KEY REFERENCES games(id),
	end_of_play    TEXT NOT NULL,
	white_eval     INTEGER NOT NULL DEFAULT 0,   -- adjudication.Evaluation
	white_analysed INTEGER NOT NULL DEFAULT 0,
	white_received TEXT NOT NULL DEFAULT '',
	white_analysis TEXT NOT NULL DEFAULT '',
	black_eval     INTEGER NOT NULL DEFAULT 0,
	black_analysed INTEGER NOT NULL DEFAULT 0,
	black_received TEXT NOT NULL DEFAULT '',
	black_analysis TEXT NOT NULL DEFAULT '',
	sent           TEXT NOT NULL DEFAULT '',
	reminded       TEXT NOT NULL DEFAULT '',
	result         TEXT NOT NULL DEFAULT '*',   -- the judge's adjudication
	agreed         INTEGER NOT NULL DEFAULT 0,
	overridden     INTEGER NOT NULL DEFAULT 0,
	reason         TEXT NOT NULL DEFAULT '',
	tell           TEXT NOT NULL DEFAULT '',    -- sides, space-separated
	may_protest    TEXT NOT NULL DEFAULT '',
	ruled          TEXT NOT NULL DEFAULT '',
	final          TEXT NOT NULL DEFAULT '*',   -- the organiser's decision (6.5.7)
	final_note     TEXT NOT NULL DEFAULT '',
	decided        TEXT NOT NULL DEFAULT ''
);

CREATE TABLE adjudication_protests (
	game_id  INTEGER NOT NULL REFERENCES games(id),
	seq      INTEGER NOT NULL,
	side     TEXT NOT NULL,                     -- white | black
	filed    TEXT NOT NULL,
	text     TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);

CREATE INDEX deadlines_game ON deadlines(game_id, kind);

ALTER TABLE desks ADD COLUMN organiser_name TEXT NOT NULL DEFAULT '';
ALTER TABLE desks ADD COLUMN organiser_email TEXT NOT NULL DEFAULT '';

CREATE TABLE withdrawals (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	seq      INTEGER NOT NULL,
	player   INTEGER NOT NULL,
	ruling   TEXT NOT NULL,                     -- adjudication.Withdrawal
	PRIMARY KEY (tournament_id, seq)
);

CREATE TABLE sanctions (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	seq      INTEGER NOT NULL,
	player   INTEGER NOT NULL,
	kind     TEXT NOT NULL,
	clauses  TEXT NOT NULL,                     -- space-separated
	reason   TEXT NOT NULL,
	date     TEXT NOT NULL,
	by_whom  TEXT NOT NULL,                     -- adjudication.Authority
	game_white INTEGER NOT NULL DEFAULT 0,      -- the game lost, for a loss of the game
	game_black INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (tournament_id, seq)
);

CREATE TABLE forfeits (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	seq      INTEGER NOT NULL,
	white    INTEGER NOT NULL,
	black    INTEGER NOT NULL,
	result   TEXT NOT NULL,                     -- +/-, -/+, -/-
	PRIMARY KEY (tournament_id, seq)
);
