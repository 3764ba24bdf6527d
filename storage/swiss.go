package storage

import (
	"context"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// NextRound draws and starts the next round of Swiss tournament cipher on
// day when its last round is over (adjudication.Desk.NextRound: the desk's
// results and withdrawals), storing the new games and queueing the round's
// start lists in one transaction. A tournament with nothing to draw is
// left untouched.
func (db *DB) NextRound(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	s, err := db.State(ctx, cipher)
	if err != nil {
		return corr.Outcome{}, err
	}
	if t := s.Tournament; t.Swiss == nil || s.Started.IsZero() || s.Round() >= t.Swiss.Rounds || !s.RoundOver(s.Round()) {
		return corr.Outcome{Accepted: true}, nil
	}
	desk, err := db.Desk(ctx, cipher)
	if err != nil {
		return corr.Outcome{}, err
	}
	return db.change(ctx, cipher, day, func(s corr.State) (corr.State, corr.Outcome, error) {
		return desk.NextRound(s, day)
	})
}

// Redraw draws the last round of Swiss tournament cipher again on day, on
// the judge's decision with his reason (adjudication.Desk.Redraw, 1.15.8):
// the round's games without a move are cancelled (their rows kept, marked
// cancelled), and the new games, the letters and the events are stored in
// one transaction.
func (db *DB) Redraw(ctx context.Context, cipher, reason string, day timecontrol.Date) (corr.Outcome, error) {
	desk, err := db.Desk(ctx, cipher)
	if err != nil {
		return corr.Outcome{}, err
	}
	return db.change(ctx, cipher, day, func(s corr.State) (corr.State, corr.Outcome, error) {
		return desk.Redraw(s, day, reason)
	})
}
