package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"zaochnik/adjudication"
	"zaochnik/corr"
)

// loadDesk reads tournament tid's desk (empty before its first use) from
// its rows: the organiser, the judge's rulings, the unfinished games.
func (db *DB) loadDesk(ctx context.Context, q querier, tid int64) (adjudication.Desk, error) {
	tx, inTx := q.(*sql.Tx)
	inTx = inTx && tx == db.w.tx
	if inTx && db.w.emptyDesk[tid] {
		return adjudication.Desk{}, nil
	}
	var d adjudication.Desk
	var adjourned, rulings bool
	// One query for a letter in a tournament with nothing before the judge.
	err := db.queryRow(ctx, q, `SELECT coalesce((SELECT organiser_name FROM desks WHERE tournament_id = ?1), ''),
		coalesce((SELECT organiser_email FROM desks WHERE tournament_id = ?1), ''),
		EXISTS (SELECT 1 FROM adjournments a CROSS JOIN games g ON g.id = a.game_id WHERE g.tournament_id = ?1),
		EXISTS (SELECT 1 FROM withdrawals WHERE tournament_id = ?1) OR EXISTS (SELECT 1 FROM sanctions WHERE tournament_id = ?1)
			OR EXISTS (SELECT 1 FROM forfeits WHERE tournament_id = ?1)`, tid).Scan(&d.Organiser.Name, &d.Organiser.Email, &adjourned, &rulings)
	if err != nil {
		return d, err
	}
	if rulings {
		if err := readRulings(ctx, q, tid, &d); err != nil {
			return d, err
		}
	}
	if adjourned {
		d.Adjournments, err = readAdjournments(ctx, q, tid)
	}
	if err == nil && inTx && emptyDesk(d) {
		db.w.emptyDesk[tid] = true
	}
	return d, err
}

// saveDesk writes what changed from the desk was to d: the judge's rulings
// that changed, each unfinished game whose record changed with its
// protests and deadlines. A letter that changes neither writes nothing.
func saveDesk(ctx context.Context, tx *sql.Tx, tid int64, was, d adjudication.Desk) error {
	if err := saveRulings(ctx, tx, tid, was, d); err != nil {
		return err
	}
	before := map[string]adjudication.Adjourned{}
	for _, a := range was.Adjournments {
		before[a.Game] = a
	}
	for _, a := range d.Adjournments {
		if b, ok := before[a.Game]; ok && reflect.DeepEqual(a, b) {
			continue
		}
		if err := saveAdjourned(ctx, tx, tid, a); err != nil {
			return err
		}
	}
	return nil
}

// adjournedKinds are the kinds of deadline of an unfinished game (adjudication.Adjourned.Deadlines).
var adjournedKinds = []string{"analysis", "ruling", "adjudication-protest-white", "adjudication-protest-black"}

// saveAdjourned writes the row of unfinished game a, its protests and its deadlines.
func saveAdjourned(ctx context.Context, tx *sql.Tx, tid int64, a adjudication.Adjourned) error {
	var gid int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE tournament_id = ? AND code = ? AND status != 'cancelled'`, tid, a.Game).Scan(&gid); err != nil {
		return fmt.Errorf("storage: unfinished game %s: %w", a.Game, err)
	}
	w, b, r := a.White, a.Black, a.Ruling
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO adjournments (game_id, end_of_play,
		white_eval, white_analysed, white_received, white_analysis, black_eval, black_analysed, black_received, black_analysis,
		sent, reminded, result, agreed, overridden, reason, tell, may_protest, ruled, final, final_note, decided)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, gid, a.EndOfPlay.String(),
		int(w.Evaluation), w.Analysis, w.Received.String(), a.Analysis[0], int(b.Evaluation), b.Analysis, b.Received.String(), a.Analysis[1],
		a.Sent.String(), a.Reminded.String(), r.Result.String(), r.Agreed, r.Overridden, r.Reason, sides(r.Tell), sides(r.MayProtest),
		a.Ruled.String(), a.Final.String(), a.FinalNote, a.Decided.String()); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM adjudication_protests WHERE game_id = ?`, gid); err != nil {
		return err
	}
	for i, p := range a.Protests {
		if _, err := tx.ExecContext(ctx, `INSERT INTO adjudication_protests (game_id, seq, side, filed, text) VALUES (?, ?, ?, ?, ?)`,
			gid, i+1, p.Side.String(), p.Filed.String(), p.Text); err != nil {
			return err
		}
	}
	return saveDeadlines(ctx, tx, gid, adjournedKinds, a.Deadlines())
}

// readAdjournments reads the unfinished games of tournament tid before the
// judge, in the games' order.
func readAdjournments(ctx context.Context, q querier, tid int64) ([]adjudication.Adjourned, error) {
	rows, err := q.QueryContext(ctx, `SELECT a.game_id, g.code, g.white, g.black, a.end_of_play,
		a.white_eval, a.white_analysed, a.white_received, a.white_analysis, a.black_eval, a.black_analysed, a.black_received, a.black_analysis,
		a.sent, a.reminded, a.result, a.agreed, a.overridden, a.reason, a.tell, a.may_protest, a.ruled, a.final, a.final_note, a.decided
		FROM adjournments a CROSS JOIN games g ON g.id = a.game_id WHERE g.tournament_id = ? ORDER BY a.game_id`, tid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []adjudication.Adjourned
	at := map[int64]int{}
	for rows.Next() {
		var a adjudication.Adjourned
		var gid int64
		var d [7]string
		var result, final, tell, may string
		w, b, r := &a.White, &a.Black, &a.Ruling
		if err := rows.Scan(&gid, &a.Game, &a.WhitePlayer, &a.BlackPlayer, &d[0],
			&w.Evaluation, &w.Analysis, &d[1], &a.Analysis[0], &b.Evaluation, &b.Analysis, &d[2], &a.Analysis[1],
			&d[3], &d[4], &result, &r.Agreed, &r.Overridden, &r.Reason, &tell, &may, &d[5], &final, &a.FinalNote, &d[6]); err != nil {
			return nil, err
		}
		if err := readDates(d[:], &a.EndOfPlay, &w.Received, &b.Received, &a.Sent, &a.Reminded, &a.Ruled, &a.Decided); err != nil {
			return nil, fmt.Errorf("storage: unfinished game %s: %w", a.Game, err)
		}
		if err := r.Result.UnmarshalText([]byte(result)); err != nil {
			return nil, fmt.Errorf("storage: unfinished game %s: %w", a.Game, err)
		}
		if err := a.Final.UnmarshalText([]byte(final)); err != nil {
			return nil, fmt.Errorf("storage: unfinished game %s: %w", a.Game, err)
		}
		r.Tell, r.MayProtest = readSides(tell), readSides(may)
		out = append(out, a)
		at[gid] = len(out) - 1
	}
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	ps, err := q.QueryContext(ctx, `SELECT p.game_id, p.side, p.filed, p.text FROM adjudication_protests p
		JOIN games g ON g.id = p.game_id WHERE g.tournament_id = ? ORDER BY p.game_id, p.seq`, tid)
	if err != nil {
		return nil, err
	}
	defer ps.Close()
	for ps.Next() {
		var gid int64
		var side, filed string
		var p adjudication.AdjudicationProtest
		if err := ps.Scan(&gid, &side, &filed, &p.Text); err != nil {
			return nil, err
		}
		if err := p.Filed.UnmarshalText([]byte(filed)); err != nil {
			return nil, err
		}
		if ss := readSides(side); len(ss) == 1 {
			p.Side = ss[0]
		}
		if i, ok := at[gid]; ok {
			out[i].Protests = append(out[i].Protests, p)
		}
	}
	return out, ps.Err()
}

// readSides reads sides written by sides.
func readSides(s string) []adjudication.Side {
	var out []adjudication.Side
	for _, f := range strings.Fields(s) {
		out = append(out, map[string]adjudication.Side{"white": adjudication.White, "black": adjudication.Black}[f])
	}
	return out
}

// sides writes a list of sides as stored: space-separated names.
func sides(ss []adjudication.Side) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = s.String()
	}
	return strings.Join(names, " ")
}

// saveDeadlines makes game gid's deadlines of the given kinds dls: only
// the writer of those kinds (a claim, an unfinished game) changes them.
func saveDeadlines(ctx context.Context, tx *sql.Tx, gid int64, kinds []string, dls []corr.Deadline) error {
	args := []any{gid}
	for _, k := range kinds {
		args = append(args, k)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM deadlines WHERE game_id = ? AND kind IN (?`+strings.Repeat(", ?", len(kinds)-1)+`)`, args...); err != nil {
		return err
	}
	for _, dl := range dls {
		if _, err := tx.ExecContext(ctx, `INSERT INTO deadlines (game_id, kind, due, done, clause) VALUES (?, ?, ?, ?, ?)`,
			gid, dl.Kind, dl.Due.String(), dl.Done, dl.Clause); err != nil {
			return err
		}
	}
	return nil
}

// insertFiles stores the documents of outgoing letter id.
func insertFiles(ctx context.Context, tx *sql.Tx, id int64, files []corr.File) error {
	for i, f := range files {
		if _, err := tx.ExecContext(ctx, `INSERT INTO outbox_files (outbox_id, seq, name, content_type, data) VALUES (?, ?, ?, ?, ?)`,
			id, i+1, f.Name, f.ContentType, f.Data); err != nil {
			return err
		}
	}
	return nil
}

// outboxFiles reads the documents of outgoing letter id, in order.
func outboxFiles(ctx context.Context, q querier, id int64) ([]corr.File, error) {
	rows, err := q.QueryContext(ctx, `SELECT name, content_type, data FROM outbox_files WHERE outbox_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []corr.File
	for rows.Next() {
		var f corr.File
		if err := rows.Scan(&f.Name, &f.ContentType, &f.Data); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// OutboxFiles returns the documents attached to outgoing letter id (a
// diagram, a PDN), in order.
func (db *DB) OutboxFiles(ctx context.Context, id int64) ([]corr.File, error) {
	return outboxFiles(ctx, db.db, id)
}

// Desk returns the judge's desk of tournament cipher, as one commit left
// it (snapshot.go).
func (db *DB) Desk(ctx context.Context, cipher string) (adjudication.Desk, error) {
	var d adjudication.Desk
	err := db.view(ctx, func(q snapshot) error {
		l, err := db.load(ctx, q, cipher)
		if err == nil {
			d, err = db.loadDesk(ctx, q, l.id)
		}
		return err
	})
	return d, err
}

// GameTournament returns the cipher of the tournament game code belongs to.
func (db *DB) GameTournament(ctx context.Context, code string) (string, error) {
	var cipher string
	err := db.db.QueryRowContext(ctx, `SELECT t.cipher FROM games g JOIN tournaments t ON t.id = g.tournament_id WHERE g.code = ? AND g.status != 'cancelled'`, code).Scan(&cipher)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("storage: game %q: %w; the game code is written as in the letters' subjects, e.g. \"ТЕСТ-2026 #1-2\"", code, ErrNotFound)
	}
	return cipher, err
}

// DeadlineRow is one deadline as the store lists it.
type DeadlineRow struct {
	Cipher string `json:"cipher"`
	Game   string `json:"game"`
	Kind   string `json:"kind"`
	Clause string `json:"clause"`
	Due    string `json:"due"`
	Done   bool   `json:"done"`
}

// Deadlines lists the deadlines of every tournament, open first, by date.
func (db *DB) Deadlines(ctx context.Context, all bool) ([]DeadlineRow, error) {
	q := `SELECT t.cipher, g.code, d.kind, d.clause, d.due, d.done FROM deadlines d JOIN games g ON g.id = d.game_id JOIN tournaments t ON t.id = g.tournament_id
		WHERE g.status != 'cancelled'`
	if !all {
		q += ` AND d.done = 0`
	}
	rows, err := db.db.QueryContext(ctx, q+` ORDER BY d.done, d.due, d.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DeadlineRow
	for rows.Next() {
		var r DeadlineRow
		if err := rows.Scan(&r.Cipher, &r.Game, &r.Kind, &r.Clause, &r.Due, &r.Done); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
