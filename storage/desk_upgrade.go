package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// legacyDesk is the judge's desk as a store before migration 0005 kept it,
// one JSON document: the claims' protest windows and appeals beside the
// unfinished games, the rulings and the organiser (adjudication.Desk's
// JSON, which has not changed).
type legacyDesk struct {
	adjudication.Desk
	Claims []struct {
		Game      string           `json:"game"`
		Seq       int              `json:"seq"`
		Due       timecontrol.Date `json:"due"`
		Protested timecontrol.Date `json:"protested"`
		Late      timecontrol.Date `json:"late"`
		Protest   string           `json:"protest"`
		Admitted  bool             `json:"admitted"`
	} `json:"claims"`
	Appeals []struct {
		Game     string               `json:"game"`
		Claim    int                  `json:"claim"`
		Due      timecontrol.Date     `json:"due"`
		From     int                  `json:"from"`
		Filed    timecontrol.Date     `json:"filed"`
		Late     bool                 `json:"late"`
		Text     string               `json:"text"`
		Final    bool                 `json:"final"`
		Decision adjudication.Verdict `json:"decision"`
		Note     string               `json:"note"`
		Decided  timecontrol.Date     `json:"decided"`
	} `json:"appeals"`
}

// upgradeDesks fills the rows migration 0005 added from the JSON of a store
// made before it, once: each claim's figures from its stored copy, its
// protest window and appeal from the desk's document, the unfinished games
// and the judge's rulings as rows; the desk's document is then left '{}'.
// A store already upgraded has nothing to do here.
func (db *DB) upgradeDesks(ctx context.Context) error {
	return db.tx(ctx, func(tx *sql.Tx) error {
		n, err := upgradeClaims(ctx, tx)
		if err != nil {
			return err
		}
		m, err := upgradeDeskDocuments(ctx, tx)
		if err != nil || n+m == 0 {
			return err
		}
		// The claims' deadlines, from the rows now whole.
		rows, err := tx.QueryContext(ctx, `SELECT id FROM tournaments`)
		if err != nil {
			return err
		}
		var tids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			tids = append(tids, id)
		}
		rows.Close()
		for _, tid := range tids {
			claims, err := db.readClaims(ctx, tx, tid)
			if err != nil {
				return err
			}
			for code, cs := range claims {
				var gid int64
				if err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE tournament_id = ? AND code = ?`, tid, code).Scan(&gid); err != nil {
					return err
				}
				var dls []corr.Deadline
				for _, c := range cs {
					dls = append(dls, c.Deadlines(code)...)
				}
				if err := saveDeadlines(ctx, tx, gid, claimDeadlineKinds, dls); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// upgradeClaims fills the claim rows stored before 0005 from the claim's
// JSON copy (the dossier column) and returns how many it filled.
func upgradeClaims(ctx context.Context, tx *sql.Tx) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, dossier FROM claims WHERE protest_due = ''`)
	if err != nil {
		return 0, err
	}
	type old struct {
		id int64
		c  corr.Claim
	}
	var olds []old
	for rows.Next() {
		var o old
		var raw string
		if err := rows.Scan(&o.id, &raw); err != nil {
			rows.Close()
			return 0, err
		}
		if err := json.Unmarshal([]byte(raw), &o.c); err != nil {
			rows.Close()
			return 0, fmt.Errorf("storage: claim row %d does not read (%v); restore the backup", o.id, err)
		}
		olds = append(olds, o)
	}
	rows.Close()
	for _, o := range olds {
		c := o.c
		var appealDue string
		if !c.Ruled.IsZero() {
			appealDue = c.Ruled.AddDays(corr.ProtestDays).String()
		}
		if _, err := tx.ExecContext(ctx, `UPDATE claims SET by_hand = ?, silent = ?, total = ?, limit_days = ?, move = ?, letters = ?,
			protest_due = ?, appeal_due = ?, dossier = '' WHERE id = ?`, c.ByHand, c.Silent, c.Total, c.Limit, c.Move, strings.Join(c.Letters, " "),
			c.Filed.AddDays(corr.ProtestDays).String(), appealDue, o.id); err != nil {
			return 0, err
		}
	}
	return len(olds), nil
}

// upgradeDeskDocuments moves the desks' JSON documents into rows (the
// claims' windows and appeals, the unfinished games, the judge's rulings
// and the organiser) and returns how many documents it moved.
func upgradeDeskDocuments(ctx context.Context, tx *sql.Tx) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT tournament_id, state FROM desks WHERE state NOT IN ('', '{}')`)
	if err != nil {
		return 0, err
	}
	docs := map[int64]legacyDesk{}
	for rows.Next() {
		var tid int64
		var raw string
		if err := rows.Scan(&tid, &raw); err != nil {
			rows.Close()
			return 0, err
		}
		var d legacyDesk
		if err := json.Unmarshal([]byte(raw), &d); err != nil {
			rows.Close()
			return 0, fmt.Errorf("storage: the judge's desk of tournament %d does not read (%v); restore the backup", tid, err)
		}
		docs[tid] = d
	}
	rows.Close()
	const claimOf = `WHERE seq = ? AND game_id = (SELECT id FROM games WHERE tournament_id = ? AND code = ? AND status != 'cancelled')`
	for tid, d := range docs {
		for _, w := range d.Claims {
			if _, err := tx.ExecContext(ctx, `UPDATE claims SET protest_due = ?, protested = ?, protest_late = ?, protest_text = ?, admitted = ? `+claimOf,
				w.Due.String(), w.Protested.String(), w.Late.String(), w.Protest, w.Admitted, w.Seq, tid, w.Game); err != nil {
				return 0, err
			}
		}
		for _, a := range d.Appeals {
			if _, err := tx.ExecContext(ctx, `UPDATE claims SET appeal_due = ?, appeal_from = ?, appeal_filed = ?, appeal_late = ?, appeal_text = ?,
				appeal_final = ?, appeal_decided = ?, appeal_upheld = ?, appeal_note = ? `+claimOf,
				a.Due.String(), a.From, a.Filed.String(), a.Late, a.Text, a.Final, a.Decided.String(), a.Decision == adjudication.ProtestUpheld, a.Note,
				a.Claim, tid, a.Game); err != nil {
				return 0, err
			}
		}
		for _, a := range d.Adjournments {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE tournament_id = ? AND code = ? AND status != 'cancelled'`, tid, a.Game).Scan(&n); err != nil {
				return 0, err
			}
			if n == 0 {
				continue // a game cancelled since (1.15.8) is no game of the tournament, and has no desk
			}
			if err := saveAdjourned(ctx, tx, tid, a); err != nil {
				return 0, err
			}
		}
		if err := saveRulings(ctx, tx, tid, adjudication.Desk{}, d.Desk); err != nil {
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE desks SET state = '{}' WHERE tournament_id = ?`, tid); err != nil {
			return 0, err
		}
	}
	return len(docs), nil
}
