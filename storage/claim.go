package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"zaochnik/corr"
	"zaochnik/corr/draughts"
	"zaochnik/timecontrol"
)

// ClaimRow is an overstep claim as the judge lists it.
type ClaimRow struct {
	ID       int64  `json:"id"`
	Cipher   string `json:"cipher"`
	Game     string `json:"game"`
	Seq      int    `json:"seq"`
	Claimant int    `json:"claimant"`
	Against  int    `json:"against"`
	Filed    string `json:"filed"`
	Status   string `json:"status"`
	Note     string `json:"note,omitempty"`
	Ruled    string `json:"ruled,omitempty"`
}

// Claims lists the overstep claims, pending first; all when pendingOnly is false.
func (db *DB) Claims(ctx context.Context, pendingOnly bool) ([]ClaimRow, error) {
	q := `SELECT c.id, t.cipher, g.code, c.seq, c.claimant, c.against, c.filed, c.status, c.note, c.ruled
		FROM claims c JOIN games g ON g.id = c.game_id JOIN tournaments t ON t.id = g.tournament_id
		WHERE g.status != 'cancelled'`
	if pendingOnly {
		q += ` AND c.status = 'pending'`
	}
	rows, err := db.db.QueryContext(ctx, q+` ORDER BY c.status <> 'pending', c.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ClaimRow
	for rows.Next() {
		var c ClaimRow
		if err := rows.Scan(&c.ID, &c.Cipher, &c.Game, &c.Seq, &c.Claimant, &c.Against, &c.Filed, &c.Status, &c.Note, &c.Ruled); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Claim returns overstep claim id, or ErrNotFound.
func (db *DB) Claim(ctx context.Context, id int64) (ClaimRow, error) {
	return db.findClaim(ctx, `c.id = ?`, id)
}

// ClaimOf returns claim seq of game code, or ErrNotFound.
func (db *DB) ClaimOf(ctx context.Context, code string, seq int) (ClaimRow, error) {
	return db.findClaim(ctx, `g.code = ? AND c.seq = ?`, code, seq)
}

// findClaim returns the claim of a game still played that where names.
func (db *DB) findClaim(ctx context.Context, where string, args ...any) (ClaimRow, error) {
	var c ClaimRow
	err := db.db.QueryRowContext(ctx, `SELECT c.id, t.cipher, g.code, c.seq, c.claimant, c.against, c.filed, c.status, c.note, c.ruled
		FROM claims c JOIN games g ON g.id = c.game_id JOIN tournaments t ON t.id = g.tournament_id
		WHERE g.status != 'cancelled' AND `+where, args...).
		Scan(&c.ID, &c.Cipher, &c.Game, &c.Seq, &c.Claimant, &c.Against, &c.Filed, &c.Status, &c.Note, &c.Ruled)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("storage: claim %v: %w; 'zaochnik judge claims' lists them", args, ErrNotFound)
	}
	return c, err
}

// claimColumns are the columns of a claim row, in the order claimValues
// writes and scanClaim reads them after game_id and seq.
const claimColumns = `claimant, against, filed, status, note, ruled, by_hand, silent, total, limit_days, move, letters,
	protest_due, protested, protest_late, protest_text, admitted,
	appeal_due, appeal_from, appeal_filed, appeal_late, appeal_text, appeal_final, appeal_decided, appeal_upheld, appeal_note`

// claimValues are claim c of game g as a row's values (claimColumns).
func claimValues(g corr.Game, c corr.Claim) []any {
	w, a := c.Protest, c.Appeal
	return []any{g.Number(c.Against.Opponent()), g.Number(c.Against), c.Filed.String(), c.Status.String(), c.Note, c.Ruled.String(),
		c.ByHand, c.Silent, c.Total, c.Limit, c.Move, strings.Join(c.Letters, " "),
		w.Due.String(), w.Protested.String(), w.Late.String(), w.Text, w.Admitted,
		a.Due.String(), a.From, a.Filed.String(), a.Late, a.Text, a.Final, a.Decided.String(), a.Upheld, a.Note}
}

// saveClaims writes the rows of game g's claims that differ from was, the
// claims as stored, and then the claims' deadlines of the game. The claim
// lives in its row alone: games.state does not keep it (gameJSON).
func (db *DB) saveClaims(ctx context.Context, tx *sql.Tx, gid int64, g corr.Game, was []corr.Claim) error {
	set := strings.Join(strings.Fields(strings.ReplaceAll(claimColumns, ",", " ")), " = ?, ") + " = ?"
	for i, c := range g.Claims {
		if i < len(was) && reflect.DeepEqual(was[i], c) {
			continue
		}
		vals := claimValues(g, c)
		res, err := db.exec(ctx, tx, `UPDATE claims SET `+set+`, dossier = '' WHERE game_id = ? AND seq = ?`, append(vals, gid, c.Seq)...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 1 {
			continue
		}
		if _, err := db.exec(ctx, tx, `INSERT INTO claims (game_id, seq, dossier, `+claimColumns+`) VALUES (?, ?, ''`+strings.Repeat(", ?", len(vals))+`)`,
			append([]any{gid, c.Seq}, vals...)...); err != nil {
			return err
		}
	}
	var dls []corr.Deadline
	for _, c := range g.Claims {
		dls = append(dls, c.Deadlines(g.Code)...)
	}
	return saveDeadlines(ctx, tx, gid, claimDeadlineKinds, dls)
}

// claimDeadlineKinds are the kinds of deadline a claim has (corr.Claim.Deadlines).
var claimDeadlineKinds = []string{"overstep-protest", "ruling-protest"}

// readClaims reads the claims of tournament tid's games by game code,
// oldest first.
func (db *DB) readClaims(ctx context.Context, q querier, tid int64) (map[string][]corr.Claim, error) {
	out := map[string][]corr.Claim{}
	err := db.eachRow(ctx, q, readClaimsQuery, []any{tid}, func(row []driver.Value) error {
		var code, status, letters string
		var white, claimant, against int
		var c corr.Claim
		var d [8]string
		w, a := &c.Protest, &c.Appeal
		if err := (&rawRow{vals: row}).Scan(&code, &white, &c.Seq, &claimant, &against, &d[0], &status, &c.Note, &d[1], &c.ByHand, &c.Silent, &c.Total, &c.Limit, &c.Move, &letters,
			&d[2], &d[3], &d[4], &w.Text, &w.Admitted,
			&d[5], &a.From, &d[6], &a.Late, &a.Text, &a.Final, &d[7], &a.Upheld, &a.Note); err != nil {
			return err
		}
		if err := readDates(d[:], &c.Filed, &c.Ruled, &w.Due, &w.Protested, &w.Late, &a.Due, &a.Filed, &a.Decided); err != nil {
			return fmt.Errorf("claim %d of game %s: %w", c.Seq, code, err)
		}
		var err error
		if c.Status, err = corr.ParseClaimStatus(status); err != nil {
			return fmt.Errorf("claim %d of game %s: %w", c.Seq, code, err)
		}
		c.Against = draughts.Black
		if against == white {
			c.Against = draughts.White
		}
		if letters != "" {
			c.Letters = strings.Fields(letters) // nil when none, as the referee keeps it
		}
		out[code] = append(out[code], c)
		return nil
	})
	return out, err
}

// readClaimsQuery reads a tournament's claims (readClaims), by game.
var readClaimsQuery = `SELECT g.code, g.white, c.seq, c.` + strings.Join(strings.Fields(strings.ReplaceAll(claimColumns, ",", " ")), ", c.") + `
		FROM claims c JOIN games g ON g.id = c.game_id WHERE g.tournament_id = ? AND g.status != 'cancelled' ORDER BY c.game_id, c.seq`

// readDates reads the stored dates ss ("" for none) into ds, in order.
func readDates(ss []string, ds ...*timecontrol.Date) error {
	for i, d := range ds {
		if err := d.UnmarshalText([]byte(ss[i])); err != nil {
			return err
		}
	}
	return nil
}
