package storage

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"strings"

	"zaochnik/adjudication"
)

// saveRulings writes the judge's rulings of d that differ from was: the
// organiser on the desks row, and each list (withdrawals, sanctions,
// forfeits) whole when it changed; they change only by the judge's hand.
func saveRulings(ctx context.Context, tx *sql.Tx, tid int64, was, d adjudication.Desk) error {
	if d.Organiser != was.Organiser {
		if _, err := tx.ExecContext(ctx, `INSERT INTO desks (tournament_id, organiser_name, organiser_email) VALUES (?, ?, ?)
			ON CONFLICT (tournament_id) DO UPDATE SET organiser_name = excluded.organiser_name, organiser_email = excluded.organiser_email`,
			tid, d.Organiser.Name, d.Organiser.Email); err != nil {
			return err
		}
	}
	type list struct {
		table, columns string
		rows           [][]any
	}
	var lists []list
	if !reflect.DeepEqual(was.Withdrawals, d.Withdrawals) {
		l := list{table: "withdrawals", columns: "player, ruling"}
		for _, w := range d.Withdrawals {
			l.rows = append(l.rows, []any{w.Player, w.Ruling.String()})
		}
		lists = append(lists, l)
	}
	if !reflect.DeepEqual(was.Sanctions, d.Sanctions) {
		l := list{table: "sanctions", columns: "player, kind, clauses, reason, date, by_whom, game_white, game_black"}
		for _, x := range d.Sanctions {
			l.rows = append(l.rows, []any{x.Player, x.Kind.String(), strings.Join(x.Clauses, " "), x.Reason, x.Date.String(), x.By.String(), x.Game.White, x.Game.Black})
		}
		lists = append(lists, l)
	}
	if !reflect.DeepEqual(was.Forfeits, d.Forfeits) {
		l := list{table: "forfeits", columns: "white, black, result"}
		for _, f := range d.Forfeits {
			l.rows = append(l.rows, []any{f.White, f.Black, f.Result.String()})
		}
		lists = append(lists, l)
	}
	for _, l := range lists {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+l.table+` WHERE tournament_id = ?`, tid); err != nil {
			return err
		}
		for i, r := range l.rows {
			if _, err := tx.ExecContext(ctx, `INSERT INTO `+l.table+` (tournament_id, seq, `+l.columns+`) VALUES (?, ?`+strings.Repeat(", ?", len(r))+`)`,
				append([]any{tid, i + 1}, r...)...); err != nil {
				return err
			}
		}
	}
	return nil
}

// readRulings reads the judge's withdrawals, sanctions and forfeits of
// tournament tid into d, each in the order the judge made them.
func readRulings(ctx context.Context, q querier, tid int64, d *adjudication.Desk) error {
	if err := scanRows(ctx, q, `SELECT player, ruling FROM withdrawals WHERE tournament_id = ? ORDER BY seq`, tid, func(rows *sql.Rows) error {
		var w adjudication.WithdrawalRuling
		var ruling string
		if err := rows.Scan(&w.Player, &ruling); err != nil {
			return err
		}
		if err := w.Ruling.UnmarshalText([]byte(ruling)); err != nil {
			return err
		}
		d.Withdrawals = append(d.Withdrawals, w)
		return nil
	}); err != nil {
		return fmt.Errorf("storage: withdrawals of tournament %d: %w", tid, err)
	}
	if err := scanRows(ctx, q, `SELECT player, kind, clauses, reason, date, by_whom, game_white, game_black FROM sanctions WHERE tournament_id = ? ORDER BY seq`, tid, func(rows *sql.Rows) error {
		var x adjudication.Sanction
		var kind, clauses, date, by string
		if err := rows.Scan(&x.Player, &kind, &clauses, &x.Reason, &date, &by, &x.Game.White, &x.Game.Black); err != nil {
			return err
		}
		if err := x.Kind.UnmarshalText([]byte(kind)); err != nil {
			return err
		}
		if err := x.By.UnmarshalText([]byte(by)); err != nil {
			return err
		}
		if err := x.Date.UnmarshalText([]byte(date)); err != nil {
			return err
		}
		x.Clauses = strings.Fields(clauses)
		d.Sanctions = append(d.Sanctions, x)
		return nil
	}); err != nil {
		return fmt.Errorf("storage: sanctions of tournament %d: %w", tid, err)
	}
	if err := scanRows(ctx, q, `SELECT white, black, result FROM forfeits WHERE tournament_id = ? ORDER BY seq`, tid, func(rows *sql.Rows) error {
		var f adjudication.Game
		var result string
		if err := rows.Scan(&f.White, &f.Black, &result); err != nil {
			return err
		}
		if err := f.Result.UnmarshalText([]byte(result)); err != nil {
			return err
		}
		d.Forfeits = append(d.Forfeits, f)
		return nil
	}); err != nil {
		return fmt.Errorf("storage: forfeits of tournament %d: %w", tid, err)
	}
	return nil
}

// scanRows runs query with arg and calls scan for each row.
func scanRows(ctx context.Context, q querier, query string, arg any, scan func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, arg)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
