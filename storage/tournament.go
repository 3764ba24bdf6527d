package storage

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"time"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/corr/swiss"
	"zaochnik/timecontrol"
)

// tournamentState is the tournament-wide part of corr.State kept in
// tournaments.state; the games are rows of their own.
type tournamentState struct {
	Started string             `json:"started,omitempty"`
	Breaks  []corr.PlayerBreak `json:"breaks,omitempty"`
	Checked string             `json:"checked,omitempty"`
	// Byes are the "плюс" of each Swiss round (1.15.2).
	Byes []swiss.Bye `json:"byes,omitempty"`
	// Undrawable is the round the judge was told cannot be drawn (1.15.9).
	Undrawable int `json:"undrawable,omitempty"`
	// Rev counts the writes of the state (cache.go).
	Rev int64 `json:"rev,omitempty"`
}

// sameTournamentWide reports whether a and b agree on every field that
// tournamentState keeps (a field added there is compared here too).
func sameTournamentWide(a, b corr.State) bool {
	return a.Started == b.Started && a.Checked == b.Checked && a.Undrawable == b.Undrawable &&
		slices.Equal(a.Breaks, b.Breaks) && slices.Equal(a.Byes, b.Byes)
}

// CreateTournament stores a validated tournament with its players and games
// (not yet started). source is the tournament file as written. It fails when
// a tournament with the same cipher exists.
func (db *DB) CreateTournament(ctx context.Context, t corr.Tournament, source []byte) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		db.wc.senders = nil // asked again: the players change (sendersCurrent)
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE cipher = ?`, t.Cipher).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("storage: tournament %s exists already; choose another cipher or use the existing one", t.Cipher)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (cipher, source, created) VALUES (?, ?, ?)`, t.Cipher, source, db.stamp())
		if err != nil {
			return err
		}
		tid, err := res.LastInsertId()
		if err != nil {
			return err
		}
		for _, p := range t.Players {
			if _, err := tx.ExecContext(ctx, `INSERT INTO players (tournament_id, number, name, email, language) VALUES (?, ?, ?, ?, ?)`,
				tid, p.Number, p.Name, p.Email, p.Language); err != nil {
				return err
			}
		}
		for _, p := range t.Games {
			if _, err := db.saveGame(ctx, tx, tid, corr.NewGame(t, p), ledgerSum(nil)); err != nil {
				return err
			}
		}
		return nil
	})
}

// SenderCiphers is senderCiphers outside a write transaction: the ciphers of the
// tournaments addr plays in (mine) and, when he plays in none, of every
// tournament (all), oldest first.
func (db *DB) SenderCiphers(ctx context.Context, addr string) (mine, all []string, err error) {
	err = db.view(ctx, func(q snapshot) error {
		mine, all, err = db.senderCiphers(ctx, q, addr)
		return err
	})
	return mine, all, err
}

// ciphersQuery reads the ciphers of all tournaments, oldest first.
const ciphersQuery = `SELECT cipher FROM tournaments ORDER BY id`

// Ciphers returns the ciphers of all tournaments, oldest first.
func (db *DB) Ciphers(ctx context.Context) ([]string, error) {
	return db.column(ctx, db.db, ciphersQuery)
}

// State returns the referee's state of the tournament cipher, as one
// commit left it (snapshot.go).
func (db *DB) State(ctx context.Context, cipher string) (corr.State, error) {
	var s corr.State
	err := db.view(ctx, func(q snapshot) error {
		l, err := db.load(ctx, q, cipher)
		s = l.State.Clone() // the caller's to change
		return err
	})
	return s, err
}

// StateWithDesk returns the referee's state of the tournament cipher and
// its judge's desk, both as one commit left them: a table built of the
// two (Referee.Standings) never scores a game by a ruling its state does
// not yet show, or the other way round.
func (db *DB) StateWithDesk(ctx context.Context, cipher string) (corr.State, adjudication.Desk, error) {
	var s corr.State
	var d adjudication.Desk
	err := db.view(ctx, func(q snapshot) error {
		l, err := db.load(ctx, q, cipher)
		if err != nil {
			return err
		}
		s = l.State.Clone()
		d, err = db.loadDesk(ctx, q, l.id)
		return err
	})
	return s, d, err
}

// loaded is a tournament's state as read: a copy the caller may change,
// and the committed state it came from, so that saveState writes only what
// changed.
type loaded struct {
	corr.State
	id   int64
	from *committed
}

// load reads a tournament's state: from memory when the stored row shows
// that nobody wrote since (cache.go), else from its rows.
func (db *DB) load(ctx context.Context, q querier, cipher string) (loaded, error) {
	if tx, ok := q.(*sql.Tx); ok && tx == db.w.tx {
		c, err := db.asStoredCopy(ctx, cipher)
		if err != nil {
			return loaded{}, err
		}
		if c != nil {
			return loaded{State: c.state.Track(), id: c.id, from: c}, nil
		}
	}
	var tid int64
	var row string
	err := db.queryRow(ctx, q, `SELECT id, state FROM tournaments WHERE cipher = ?`, cipher).Scan(&tid, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return loaded{}, fmt.Errorf("storage: tournament %s: %w; create it with 'zaochnik tournament create FILE'", cipher, ErrNotFound)
	}
	if err != nil {
		return loaded{}, err
	}
	c, ok := db.cached(cipher, tid, row)
	if !ok {
		if c, err = db.read(ctx, q, cipher, tid, row); err != nil {
			return loaded{}, err
		}
		db.keep(cipher, c) // read as committed: the write lock, if any, is ours
	}
	db.isCurrent(q, cipher, c)
	// Shared, not copied: the referee never changes the state it is given;
	// it tracks what it changes, for saveState.
	return loaded{State: c.state.Track(), id: tid, from: c}, nil
}

// asStoredCopy is tournament cipher's copy as stored in the write
// transaction, nil when not known: read or written in it, or left as
// stored by the writer's last commits (cache.go), then recorded in it.
// One the transaction wrote and has yet to keep is not known: the last
// commits' copy is not what it holds.
func (db *DB) asStoredCopy(ctx context.Context, cipher string) (*committed, error) {
	if c, ok := db.w.current[cipher]; ok {
		return c, nil
	}
	if err := db.writerCurrent(ctx); err != nil {
		return nil, err
	}
	c, ok := db.tournaments.get(cipher)
	if !ok || c.asOf != db.epoch {
		return nil, nil
	}
	db.w.current[cipher] = c
	if c.emptyDesk {
		db.w.emptyDesk[c.id] = true
	}
	return c, nil
}

// read reads tournament tid's state from its rows; row is its stored state.
func (db *DB) read(ctx context.Context, q querier, cipher string, tid int64, row string) (*committed, error) {
	var source []byte
	if err := db.queryRow(ctx, q, `SELECT source FROM tournaments WHERE id = ?`, tid).Scan(&source); err != nil {
		return nil, err
	}
	f, err := db.parsedFile(source)
	if err != nil {
		return nil, fmt.Errorf("storage: tournament %s: stored file no longer reads: %w", cipher, err)
	}
	t := f.t
	var ts tournamentState
	if err := json.Unmarshal([]byte(row), &ts); err != nil {
		return nil, fmt.Errorf("storage: tournament %s: state: %w", cipher, err)
	}
	c := &committed{id: tid, row: row, rev: ts.Rev, games: map[string]gameRow{}, loc: f.loc}
	c.state = corr.State{Tournament: t, Breaks: ts.Breaks, Byes: ts.Byes, Undrawable: ts.Undrawable}
	if err := c.state.Started.UnmarshalText([]byte(ts.Started)); err != nil {
		return nil, err
	}
	if err := c.state.Checked.UnmarshalText([]byte(ts.Checked)); err != nil {
		return nil, err
	}
	if err := db.readGames(ctx, q, c, tid); err != nil {
		return nil, fmt.Errorf("storage: tournament %s: %w", cipher, err)
	}
	claims, err := db.readClaims(ctx, q, tid)
	if err != nil {
		return nil, fmt.Errorf("storage: tournament %s: %w", cipher, err)
	}
	for i := range c.state.Games {
		c.state.Games[i].Claims = claims[c.state.Games[i].Code]
	}
	return c, nil
}

// readGamesQuery reads a tournament's games (readGames): their rows, each
// with its lists' tails. A cancelled game (a re-draw, 1.15.8) is kept as
// a row and is no game of the tournament.
const readGamesQuery = `SELECT id, state, lists, ledger_sum FROM games WHERE tournament_id = ? AND status != 'cancelled' ORDER BY id`

// readChunksQuery reads the chunk rows of a tournament's games
// (readGames), in their order.
const readChunksQuery = `SELECT c.game_id, c.list, c.chunk, c.items FROM games g CROSS JOIN game_chunks c ON c.game_id = g.id
	WHERE g.tournament_id = ? AND g.status != 'cancelled' ORDER BY g.id, c.list, c.chunk`

// gameRead is a game's row as readGames reads it, its lists' chunks
// joined before their tails.
type gameRead struct {
	id     int64
	state  string
	chunks [4]int
	lists  [4]string
	sum    int64 // its ledger_sum (ledgersum.go)
}

// readGames reads tournament tid's games into c: their rows, and their
// chunk rows by a second statement when a game has any (none in its
// first four moves), read in the same transaction (the write transaction, or
// a reader's snapshot: snapshot.go), so that the two are of one commit.
func (db *DB) readGames(ctx context.Context, q querier, c *committed, tid int64) error {
	if err := db.listsPending(ctx, q); err != nil {
		return err
	}
	var games []gameRead
	chunked := false
	err := db.eachRow(ctx, q, readGamesQuery, []any{tid}, func(row []driver.Value) error {
		var g gameRead
		var ok1, ok2, ok3, ok4 bool
		var lists string
		g.id, ok1 = row[0].(int64)
		g.state, ok2 = row[1].(string) // as the driver gives them, without Scan's copy
		lists, ok3 = row[2].(string)
		g.sum, ok4 = row[3].(int64)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			if err := (&rawRow{vals: row}).Scan(&g.id, &g.state, &lists, &g.sum); err != nil {
				return err
			}
		}
		var err error
		if g.chunks, g.lists, err = readListsColumn(lists); err != nil {
			return fmt.Errorf("game %d: %w", g.id, err)
		}
		chunked = chunked || g.chunks != [4]int{}
		games = append(games, g)
		return nil
	})
	if err == nil && chunked {
		err = db.readChunks(ctx, q, tid, games)
	}
	if err != nil {
		return err
	}
	c.state.Games = make([]*corr.Game, 0, len(games))
	for i := range games {
		g, err := readGameJSON(gameWithLists(games[i].state, &games[i].lists))
		if err != nil {
			return fmt.Errorf("game state: %w", err)
		}
		c.state.Games = append(c.state.Games, &g)
		// A game without a reply has no ledger line (ledgerLines): its
		// first reply's lines need no DELETE before them.
		c.games[g.Code] = gameRow{id: games[i].id, known: len(g.Replies) == 0, sum: games[i].sum}
	}
	return nil
}

// readChunks puts the chunk rows of tournament tid's games before their
// tails in games, read in id order; a game's chunks must be those its row
// counts, no more, no fewer.
func (db *DB) readChunks(ctx context.Context, q querier, tid int64, games []gameRead) error {
	i := 0
	var heads [4][]byte // the current game's chunks, joined
	var got [4]int
	done := func() error {
		g := &games[i]
		for l := range 4 {
			if got[l] != g.chunks[l] {
				return fmt.Errorf("game %d: list %d has %d chunks stored, its row counts %d", g.id, l, got[l], g.chunks[l])
			}
			if got[l] > 0 {
				g.lists[l] = string(append(append(heads[l], ','), g.lists[l]...))
			}
			heads[l], got[l] = heads[l][:0], 0
		}
		i++
		return nil
	}
	err := db.eachRow(ctx, q, readChunksQuery, []any{tid}, func(row []driver.Value) error {
		gid, ok1 := row[0].(int64)
		list, ok2 := row[1].(int64)
		chunk, ok3 := row[2].(int64)
		items, ok4 := row[3].(string)
		if !ok1 || !ok2 || !ok3 || !ok4 || list < 0 || list > 3 {
			return fmt.Errorf("a chunk of game %v is not of its columns' types: %v", row[0], row)
		}
		for i < len(games) && games[i].id < gid {
			if err := done(); err != nil {
				return err
			}
		}
		if i == len(games) || games[i].id != gid || chunk != int64(got[list]) {
			return fmt.Errorf("game %d: chunk %d of list %d out of its place", gid, chunk, list)
		}
		if got[list] > 0 {
			heads[list] = append(heads[list], ',')
		}
		heads[list] = append(heads[list], items...)
		got[list]++
		return nil
	})
	for err == nil && i < len(games) {
		err = done()
	}
	return err
}

// saveState writes the tournament-wide state with a new revision and, of
// each game that changed, the game and its claims; the ledger lines of
// those games (of every game when the breaks changed: they enter every
// ledger) from the first line that differs. The games that changed are
// those s lists (corr.State.Changed), so that a letter's cost does not grow
// with its tournament; when s does not know, every game is compared with
// the committed one. It returns the committed copy to keep once the
// transaction commits; prev's copy is then out of date, and is dropped with
// the rest when the transaction fails.
func (db *DB) saveState(ctx context.Context, tx *sql.Tx, s corr.State, prev loaded) (*committed, error) {
	p := prev.from
	cipher := s.Tournament.Cipher
	revised := tx == db.w.tx && db.w.revised[cipher]
	breaks := !slices.Equal(s.Breaks, p.state.Breaks)
	db.isCurrent(tx, cipher, nil) // until the transaction keeps the copy it writes (Update)
	next := &committed{id: p.id, row: p.row, rev: p.rev, state: s, loc: p.loc}
	// p is what this transaction wrote when revised: its revision is new
	// already, and a step that changed nothing tournament-wide (a letter
	// of a group after the first) leaves the row, unwritten and unencoded.
	if !revised || !sameTournamentWide(s, p.state) {
		ts := tournamentState{Started: s.Started.String(), Breaks: s.Breaks, Checked: s.Checked.String(), Byes: s.Byes, Undrawable: s.Undrawable, Rev: p.rev + 1}
		if revised {
			ts.Rev = p.rev
		}
		raw, err := json.Marshal(ts)
		if err != nil {
			return nil, err
		}
		var started any
		if !s.Started.IsZero() {
			started = s.Started.String()
		}
		if _, err := db.exec(ctx, tx, `UPDATE tournaments SET state = ?, started = ? WHERE id = ?`, string(raw), started, p.id); err != nil {
			return nil, err
		}
		if tx == db.w.tx {
			db.w.revised[cipher] = true
		}
		next.row, next.rev = string(raw), ts.Rev
	}
	if codes, known := s.Changed(); known && !breaks {
		// The rows of the other games stay as they are: the map is p's,
		// brought up to date.
		next.games = p.games
		for _, code := range codes {
			i := slices.IndexFunc(s.Games, func(g *corr.Game) bool { return g.Code == code })
			if i < 0 {
				return nil, fmt.Errorf("storage: tournament %s: changed game %s is not in the state", s.Tournament.Cipher, code)
			}
			// A step changes a game in its place in the list: the
			// committed one is found there, else looked for.
			var old corr.Game
			had := i < len(p.state.Games) && p.state.Games[i].Code == code
			if had {
				old = *p.state.Games[i]
			} else {
				old, had = p.state.Game(code)
			}
			if err := db.saveChanged(ctx, tx, p, next, s, *s.Games[i], old, had); err != nil {
				return nil, err
			}
		}
		return next, nil
	}
	next.games = make(map[string]gameRow, len(s.Games))
	before := make(map[string]*corr.Game, len(p.state.Games))
	for i := range p.state.Games {
		before[p.state.Games[i].Code] = p.state.Games[i]
	}
	for _, g := range s.Games {
		old := before[g.Code]
		if old == nil || !sameGame(*old, *g) {
			var was corr.Game
			if old != nil {
				was = *old
			}
			if err := db.saveChanged(ctx, tx, p, next, s, *g, was, old != nil); err != nil {
				return nil, err
			}
			continue
		}
		row := p.games[g.Code]
		if breaks {
			led := ledgerLines(s, *g)
			var err error
			if row.ledger, err = db.saveLedger(ctx, tx, row, led); err != nil {
				return nil, err
			}
			row.known = true
			if sum := ledgerSum(led); sum != row.sum {
				if _, err := db.exec(ctx, tx, `UPDATE games SET ledger_sum = ? WHERE id = ?`, sum, row.id); err != nil {
					return nil, err
				}
				row.sum = sum
			}
		}
		next.games[g.Code] = row
	}
	return next, nil
}

// saveChanged writes game g of s, which changed from old (had: old is
// stored), with its claims and its ledger lines, into next.games.
func (db *DB) saveChanged(ctx context.Context, tx *sql.Tx, p, next *committed, s corr.State, g, old corr.Game, had bool) error {
	row, stored := p.games[g.Code]
	led := ledgerLines(s, g)
	sum := ledgerSum(led)
	if stored {
		if err := db.updateGame(ctx, tx, row.id, g, old, had, sum); err != nil {
			return err
		}
	} else {
		var err error
		if row.id, err = db.saveGame(ctx, tx, p.id, g, sum); err != nil {
			return err
		}
	}
	var was []corr.Claim
	if had {
		was = old.Claims
	}
	if (len(was) > 0 || len(g.Claims) > 0) && !reflect.DeepEqual(was, g.Claims) {
		if err := db.saveClaims(ctx, tx, row.id, g, was); err != nil {
			return err
		}
	}
	var err error
	if row.ledger, err = db.saveLedger(ctx, tx, row, led); err != nil {
		return err
	}
	row.known, row.sum = true, sum
	next.games[g.Code] = row
	return nil
}

// sameGame reports whether a and b hold the same game: the lists that grow
// with every letter (plies, replies, penalties, the letters' ids) compared
// as values, which is fast, and all the rest, whatever fields the referee
// adds, by reflection.
func sameGame(a, b corr.Game) bool {
	if !slices.Equal(a.Plies, b.Plies) || !slices.Equal(a.Replies, b.Replies) || !slices.Equal(a.Penalties, b.Penalties) ||
		!slices.Equal(a.Letters[0], b.Letters[0]) || !slices.Equal(a.Letters[1], b.Letters[1]) {
		return false
	}
	a.Plies, a.Replies, a.Penalties, a.Letters = nil, nil, nil, [2][]string{}
	b.Plies, b.Replies, b.Penalties, b.Letters = nil, nil, nil, [2][]string{}
	return reflect.DeepEqual(a, b)
}

// saveGame inserts or updates a game row from the referee's state, with
// its lists' rows (gamelists.go) and sum, the hash of its ledger lines as
// they are to be stored (ledgersum.go), and returns its id.
func (db *DB) saveGame(ctx context.Context, tx *sql.Tx, tid int64, g corr.Game, sum int64) (int64, error) {
	state, err := gameJSON(withoutLists(g))
	if err != nil {
		return 0, err
	}
	var id int64
	if err := db.queryRow(ctx, tx, `INSERT INTO games (tournament_id, code, white, black, status, result, state, lists, ledger_sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code) DO UPDATE SET status = excluded.status, result = excluded.result, state = excluded.state, lists = excluded.lists, ledger_sum = excluded.ledger_sum
		RETURNING id`, tid, g.Code, g.White, g.Black, g.Status.String(), g.Result, string(state), listsColumn(&g), sum).Scan(&id); err != nil {
		return 0, err
	}
	return id, db.saveLists(ctx, tx, id, g, corr.Game{}, false)
}

// updateGame writes game g's row, id, from the referee's state, with sum
// (saveGame), and its lists' rows that changed from old (had: old is
// stored); its status and result only when they changed (a move leaves
// them).
func (db *DB) updateGame(ctx context.Context, tx *sql.Tx, id int64, g, old corr.Game, had bool, sum int64) error {
	state, err := gameJSON(withoutLists(g))
	if err != nil {
		return err
	}
	lists := listsColumn(&g)
	if had && old.Status == g.Status && old.Result == g.Result {
		_, err = db.exec(ctx, tx, `UPDATE games SET state = ?, lists = ?, ledger_sum = ? WHERE id = ?`, string(state), lists, sum, id)
	} else {
		_, err = db.exec(ctx, tx, `UPDATE games SET status = ?, result = ?, state = ?, lists = ?, ledger_sum = ? WHERE id = ?`, g.Status.String(), g.Result, string(state), lists, sum, id)
	}
	if err != nil {
		return err
	}
	return db.saveLists(ctx, tx, id, g, old, had)
}

// cancelGames marks the rows of games gs of tournament l cancelled (a
// re-draw, 1.15.8): nothing refers to a game by its code but letters'
// subjects, so the row's code gets its id (" ~17") and the code is free
// for the round's new game of the same pair; the rows that refer to the
// game (letters, events, outbox, ledger lines) keep referring to it. It
// returns l without the games, for saveState to compare with.
func (db *DB) cancelGames(ctx context.Context, tx *sql.Tx, l loaded, gs []corr.Game) (loaded, error) {
	if len(gs) == 0 {
		return l, nil
	}
	from := *l.from
	from.games = maps.Clone(from.games)
	for _, g := range gs {
		state, err := gameJSON(withoutLists(g)) // its lists' rows stay
		if err != nil {
			return l, err
		}
		res, err := db.exec(ctx, tx, `UPDATE games SET status = ?, state = ?, code = code || ' ~' || id
			WHERE tournament_id = ? AND code = ? AND status != 'cancelled'`, corr.Cancelled.String(), string(state), l.id, g.Code)
		if err != nil {
			return l, err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return l, fmt.Errorf("storage: tournament %s: game %s to cancel is not stored (%d rows, %v)", l.Tournament.Cipher, g.Code, n, err)
		}
		delete(from.games, g.Code)
		from.state.Games = slices.DeleteFunc(slices.Clone(from.state.Games), func(x *corr.Game) bool { return x.Code == g.Code })
	}
	l.from = &from
	return l, nil
}

// saveLedger brings game g's ledger lines up to date: the lines from the
// first that differs from those stored are written again, over the stored
// ones of the same number; only stored lines past the last are deleted, so
// that a ledger that grows by a line, the common case, costs no DELETE.
// Stored lines not known (the tournament's copy was read again from its
// rows) are told by the row's hash of them (storedPrefix), else read first
// (storedLines); all of them are deleted and written again only while a
// letter of the group has yet to write its own. It
// returns the lines as stored: the stored ones kept as they are up to the
// first that differs, which are compared with the ledger's without being
// written out again (two dates a line, every line of a long game, for
// every letter).
func (db *DB) saveLedger(ctx context.Context, tx *sql.Tx, row gameRow, led []timecontrol.Line) ([]ledgerRow, error) {
	if !row.known && len(led) > 0 && !db.ledgerPending(tx, row.id) {
		if n, ok := storedPrefix(led, row.sum); ok {
			row.ledger, row.known = make([]ledgerRow, 0, len(led)), true
			for _, ln := range led[:n] {
				row.ledger = append(row.ledger, rowOf(ln))
			}
		} else {
			var err error
			if row.ledger, row.known, err = db.storedLines(ctx, tx, row.id, len(led)); err != nil {
				return nil, err
			}
		}
	}
	k := 0
	if row.known {
		for k < len(led) && k < len(row.ledger) && sameLine(led[k], row.ledger[k]) {
			k++
		}
		if k == len(led) && k == len(row.ledger) {
			return row.ledger, nil
		}
	}
	var lines []ledgerRow
	if len(led) > 0 {
		lines = append(make([]ledgerRow, 0, len(led)), row.ledger[:k]...)
		for _, ln := range led[k:] {
			lines = append(lines, rowOf(ln))
		}
	}
	ops := make([]ledgerOp, 0, 2)
	if !row.known || len(lines) < len(row.ledger) {
		ops = append(ops, ledgerOp{gid: row.id, del: true, after: len(lines)})
	}
	if k < len(lines) {
		ops = append(ops, ledgerOp{gid: row.id, seq: k + 1, lines: lines[k:]})
	}
	if db.deferring(tx) { // written when the group commits (grouprows.go)
		db.w.rows.ledger = append(db.w.rows.ledger, ops...)
		return lines, nil
	}
	return lines, db.writeLedgerOps(ctx, tx, ops)
}

// storedLinesQuery reads a game's ledger lines (storedLines).
const storedLinesQuery = `SELECT seq, player, received, sent, days, total, counted_moves, notes FROM ledger_lines WHERE game_id = ? ORDER BY seq`

// storedLines reads the ledger lines of game gid as stored in tx, in
// order, n of them expected; known is false when their numbers are not 1,
// 2, ... (then they are all written again).
func (db *DB) storedLines(ctx context.Context, tx *sql.Tx, gid int64, n int) (lines []ledgerRow, known bool, err error) {
	lines, known = make([]ledgerRow, 0, n), true
	err = db.eachRow(ctx, tx, storedLinesQuery, []any{gid}, func(row []driver.Value) error {
		seq, r, ok := lineOf(row)
		if !ok {
			return fmt.Errorf("storage: a ledger line of game %d is not of its columns' types: %v", gid, row)
		}
		known = known && seq == int64(len(lines)+1)
		lines = append(lines, r)
		return nil
	})
	return lines, known, err
}

// lineOf is a row of storedLines as eachRow gives it (integers and
// texts, as the columns hold them), read without scanning each value
// through an interface.
func lineOf(row []driver.Value) (seq int64, r ledgerRow, ok bool) {
	var ok1, ok2, ok3, ok4, ok5, ok6, ok7, ok8 bool
	var days, total, counted int64
	seq, ok1 = row[0].(int64)
	r.player, ok2 = row[1].(string)
	r.received, ok3 = row[2].(string)
	r.sent, ok4 = row[3].(string)
	days, ok5 = row[4].(int64)
	total, ok6 = row[5].(int64)
	counted, ok7 = row[6].(int64)
	r.notes, ok8 = row[7].(string)
	r.days, r.total, r.counted = int(days), int(total), int(counted)
	return seq, r, ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8
}

// ledgerLines are the lines of game g's ledger the store keeps. A ledger
// that does not compute is shown by 'zaochnik ledger'; it is no reason to
// lose the letter, and it has no lines. The letter's game's ledger is the
// one the applier computed (corr.State.Ledger hands it on), not computed
// again. While the game is played, the line of the reply awaited (the
// last, Pending) is left out: its days and totals come only when the reply
// is sent, so every move letter would write it twice, once opened and once
// closed by the next. A game no longer played (suspended by a claim,
// ended) keeps it, as the line its claim or result stands on.
func ledgerLines(s corr.State, g corr.Game) []timecontrol.Line {
	if len(g.Replies) == 0 {
		return nil
	}
	led, err := s.Ledger(g)
	if err != nil {
		return nil
	}
	lines := led.Lines
	if n := len(lines); n > 0 && lines[n-1].Pending && g.Status == corr.Playing {
		lines = lines[:n-1]
	}
	return lines
}

// rowOf is ledger line ln as stored.
func rowOf(ln timecontrol.Line) ledgerRow {
	return ledgerRow{player: ln.Player.String(), received: ln.Received.String(), sent: ln.Sent.String(),
		days: ln.Days, total: ln.Total, counted: ln.CountedMoves, notes: notesOf(ln)}
}

// notesOf is the notes column of ledger line ln: a note a line.
func notesOf(ln timecontrol.Line) string {
	notes := ""
	for _, n := range ln.Notes {
		notes += n.String() + "\n"
	}
	return notes
}

// sameLine reports whether ledger line ln is stored as r, as rowOf(ln) ==
// r does, without writing out its dates.
func sameLine(ln timecontrol.Line, r ledgerRow) bool {
	var d [10]byte
	return ln.Days == r.days && ln.Total == r.total && ln.CountedMoves == r.counted && ln.Player.String() == r.player &&
		string(ln.Received.AppendISO(d[:0])) == r.received && string(ln.Sent.AppendISO(d[:0])) == r.sent &&
		(len(ln.Notes) == 0 && r.notes == "" || len(ln.Notes) > 0 && notesOf(ln) == r.notes)
}

// parsedTournament reads a stored tournament file, once while it stays
// among the parsedFiles kept: a stored file never changes, and every
// letter needs its tournament.
func (db *DB) parsedTournament(source []byte) (corr.Tournament, error) {
	f, err := db.parsedFile(source)
	return f.t, err
}

// parsedFile is a stored tournament file as read, with its time zone.
type parsedFile struct {
	t   corr.Tournament
	loc *time.Location // t.Location(), loaded once per parse of the file (parsedFiles bounds them): time.LoadLocation reads the zone's file every time
}

// parsedFile returns source read (parsedTournament) and its zone loaded.
// They are kept by their text's SHA-256, not by the text (1 KB and more).
func (db *DB) parsedFile(source []byte) (parsedFile, error) {
	sum := sha256.Sum256(source)
	key := string(sum[:])
	if f, ok := db.parsed.get(key); ok {
		return f, nil
	}
	t, err := corr.ParseTournament(source)
	if err != nil {
		return parsedFile{}, err
	}
	f := parsedFile{t: t, loc: t.Location()}
	db.parsed.put(key, f)
	return f, nil
}
