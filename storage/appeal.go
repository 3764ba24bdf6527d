package storage

import (
	"context"

	"zaochnik/adjudication"
	"zaochnik/corr"
	"zaochnik/timecontrol"
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

// Appeal records the organiser's decision on the protest against the
// judge's ruling in game code (6.1.12) on day: upheld restores what the
// ruling took.
func (db *DB) Appeal(ctx context.Context, code string, upheld bool, note string, day timecontrol.Date) (corr.Outcome, error) {
	cipher, err := db.GameTournament(ctx, code)
	if err != nil {
		return corr.Outcome{}, err
	}
	return db.DeskDecision(ctx, cipher, day, func(d adjudication.Desk, s corr.State) (adjudication.Desk, corr.State, corr.Outcome, error) {
		return d.AppealDecision(s, code, upheld, note, day)
	})
}
