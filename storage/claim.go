package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"zaochnik/corr"
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

// Rule applies the judge's ruling on claim id (6.3.7) on day.
func (db *DB) Rule(ctx context.Context, id int64, confirm bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	var cipher, code string
	var seq int
	err := db.db.QueryRowContext(ctx, `SELECT t.cipher, g.code, c.seq FROM claims c JOIN games g ON g.id = c.game_id
		JOIN tournaments t ON t.id = g.tournament_id WHERE c.id = ?`, id).Scan(&cipher, &code, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return corr.Outcome{}, fmt.Errorf("storage: claim %d: %w; 'zaochnik judge claims' lists them", id, ErrNotFound)
	}
	if err != nil {
		return corr.Outcome{}, err
	}
	return db.change(ctx, cipher, day, func(s corr.State) (corr.State, corr.Outcome, error) {
		return corr.Rule(s, code, seq, confirm, note, day)
	})
}
