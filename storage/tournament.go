package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"zaochnik/corr"
)

// tournamentState is the tournament-wide part of corr.State kept in
// tournaments.state; the games are rows of their own.
type tournamentState struct {
	Started string             `json:"started,omitempty"`
	Breaks  []corr.PlayerBreak `json:"breaks,omitempty"`
	Checked string             `json:"checked,omitempty"`
}

// CreateTournament stores a validated tournament with its players and games
// (not yet started). source is the tournament file as written. It fails when
// a tournament with the same cipher exists.
func (db *DB) CreateTournament(ctx context.Context, t corr.Tournament, source []byte) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
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
			if err := saveGame(ctx, tx, tid, corr.NewGame(t, p)); err != nil {
				return err
			}
		}
		return nil
	})
}

// saveGame inserts or updates a game row from the referee's state.
func saveGame(ctx context.Context, tx *sql.Tx, tid int64, g corr.Game) error {
	state, err := json.Marshal(g)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO games (tournament_id, code, white, black, status, result, state) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code) DO UPDATE SET status = excluded.status, result = excluded.result, state = excluded.state`,
		tid, g.Code, g.White, g.Black, g.Status.String(), g.Result, string(state))
	return err
}

// Ciphers returns the ciphers of all tournaments, oldest first.
func (db *DB) Ciphers(ctx context.Context) ([]string, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT cipher FROM tournaments ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cs []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	return cs, rows.Err()
}

// State returns the referee's state of the tournament cipher.
func (db *DB) State(ctx context.Context, cipher string) (corr.State, error) {
	l, err := db.load(ctx, db.db, cipher)
	return l.State, err
}

// loaded is a tournament's state as read, with each game's stored JSON, so
// that saveState writes only what changed.
type loaded struct {
	corr.State
	id    int64
	games map[string]string // game code -> stored state
}

// load reads a tournament's state.
func (db *DB) load(ctx context.Context, q querier, cipher string) (loaded, error) {
	s, tid, raws, err := db.loadRaw(ctx, q, cipher)
	return loaded{State: s, id: tid, games: raws}, err
}

func (db *DB) loadRaw(ctx context.Context, q querier, cipher string) (corr.State, int64, map[string]string, error) {
	var tid int64
	var source []byte
	var raw string
	err := q.QueryRowContext(ctx, `SELECT id, source, state FROM tournaments WHERE cipher = ?`, cipher).Scan(&tid, &source, &raw)
	if errors.Is(err, sql.ErrNoRows) {
		return corr.State{}, 0, nil, fmt.Errorf("storage: tournament %s: %w; create it with 'zaochnik tournament create FILE'", cipher, ErrNotFound)
	}
	if err != nil {
		return corr.State{}, 0, nil, err
	}
	t, err := db.parsedTournament(source)
	if err != nil {
		return corr.State{}, 0, nil, fmt.Errorf("storage: tournament %s: stored file no longer reads: %w", cipher, err)
	}
	var ts tournamentState
	if err := json.Unmarshal([]byte(raw), &ts); err != nil {
		return corr.State{}, 0, nil, fmt.Errorf("storage: tournament %s: state: %w", cipher, err)
	}
	s := corr.State{Tournament: t, Breaks: ts.Breaks}
	if err := s.Started.UnmarshalText([]byte(ts.Started)); err != nil {
		return s, 0, nil, err
	}
	if err := s.Checked.UnmarshalText([]byte(ts.Checked)); err != nil {
		return s, 0, nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT state FROM games WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		return s, 0, nil, err
	}
	defer rows.Close()
	raws := map[string]string{}
	for rows.Next() {
		var gs string
		if err := rows.Scan(&gs); err != nil {
			return s, 0, nil, err
		}
		var g corr.Game
		if err := json.Unmarshal([]byte(gs), &g); err != nil {
			return s, 0, nil, fmt.Errorf("storage: tournament %s: game state: %w", cipher, err)
		}
		s.Games = append(s.Games, g)
		raws[g.Code] = gs
	}
	return s, tid, raws, rows.Err()
}

// saveState writes the tournament-wide state and, of each game whose state
// differs from prev's, the game, its claims and its ledger lines; every game
// when the breaks changed (they enter every ledger).
func saveState(ctx context.Context, tx *sql.Tx, s corr.State, prev loaded) error {
	tid, stored := prev.id, prev.games
	if !sameJSON(s.Breaks, prev.Breaks) {
		stored = nil
	}
	ts := tournamentState{Started: s.Started.String(), Breaks: s.Breaks, Checked: s.Checked.String()}
	raw, err := json.Marshal(ts)
	if err != nil {
		return err
	}
	var started any
	if !s.Started.IsZero() {
		started = s.Started.String()
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET state = ?, started = ? WHERE id = ?`, string(raw), started, tid); err != nil {
		return err
	}
	for _, g := range s.Games {
		if raw, ok := stored[g.Code]; ok {
			if now, err := json.Marshal(g); err == nil && string(now) == raw {
				continue
			}
		}
		if err := saveGame(ctx, tx, tid, g); err != nil {
			return err
		}
		var gid int64
		if err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE code = ?`, g.Code).Scan(&gid); err != nil {
			return err
		}
		if err := saveClaims(ctx, tx, gid, g); err != nil {
			return err
		}
		if err := saveLedger(ctx, tx, gid, s, g); err != nil {
			return err
		}
	}
	return nil
}

func saveClaims(ctx context.Context, tx *sql.Tx, gid int64, g corr.Game) error {
	for _, c := range g.Claims {
		dossier, err := json.Marshal(c)
		if err != nil {
			return err
		}
		claimant := g.Number(c.Against.Opponent())
		_, err = tx.ExecContext(ctx, `INSERT INTO claims (game_id, seq, claimant, against, filed, status, dossier, note, ruled)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id, seq) DO UPDATE SET status = excluded.status, dossier = excluded.dossier, note = excluded.note, ruled = excluded.ruled`,
			gid, c.Seq, claimant, g.Number(c.Against), c.Filed.String(), c.Status.String(), string(dossier), c.Note, c.Ruled.String())
		if err != nil {
			return err
		}
	}
	return nil
}

func saveLedger(ctx context.Context, tx *sql.Tx, gid int64, s corr.State, g corr.Game) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM ledger_lines WHERE game_id = ?`, gid); err != nil {
		return err
	}
	if len(g.Replies) == 0 {
		return nil
	}
	led, err := s.Ledger(g)
	if err != nil {
		return nil // the ledger's own validation; shown by 'zaochnik ledger', not a reason to lose the letter
	}
	for i, ln := range led.Lines {
		notes := ""
		for _, n := range ln.Notes {
			notes += n.String() + "\n"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_lines (game_id, seq, player, received, sent, days, total, counted_moves, notes)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, gid, i+1, ln.Player.String(), ln.Received.String(), ln.Sent.String(), ln.Days, ln.Total, ln.CountedMoves, notes); err != nil {
			return err
		}
	}
	return nil
}

// secretaryOf returns the secretary's address of a stored tournament file.
func (db *DB) secretaryOf(source []byte) string {
	t, err := db.parsedTournament(source)
	if err != nil {
		return ""
	}
	return t.Secretary.Email
}

// sameJSON reports whether a and b marshal alike.
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// parsedTournament reads a stored tournament file, once per distinct file:
// a stored file never changes, and every letter needs its tournament.
func (db *DB) parsedTournament(source []byte) (corr.Tournament, error) {
	if t, ok := db.parsed.Load(string(source)); ok {
		return t.(corr.Tournament), nil
	}
	t, err := corr.ParseTournament(source)
	if err == nil {
		db.parsed.Store(string(source), t)
	}
	return t, err
}
