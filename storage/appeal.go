package storage

import (
	"context"

	"zaochnik/adjudication"
)

// AppealRow is a ruling of the judge open to protest, or protested, as the
// desk lists it (6.1.12).
type AppealRow struct {
	Cipher string `json:"cipher"`
	adjudication.Appeal
}

// Appeals lists the rulings with a protest of every tournament: those
// waiting for the organiser's decision first; with all, every ruling.
func (db *DB) Appeals(ctx context.Context, all bool) ([]AppealRow, error) {
	cs, err := db.Ciphers(ctx)
	if err != nil {
		return nil, err
	}
	var open, rest []AppealRow
	for _, c := range cs {
		s, err := db.State(ctx, c)
		if err != nil {
			return nil, err
		}
		for _, a := range adjudication.Appeals(s) {
			switch {
			case a.Open():
				open = append(open, AppealRow{Cipher: c, Appeal: a})
			case all || !a.Filed.IsZero():
				rest = append(rest, AppealRow{Cipher: c, Appeal: a})
			}
		}
	}
	return append(open, rest...), nil
}
